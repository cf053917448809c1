import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from './driver.ts';
import { isObjectPath } from './object-paths.ts';

/** Objects as files under one root directory (`DATA_DIR/files` by default). */
export class LocalDiskStorage implements StorageDriver {
  constructor(readonly root: string) {}

  /** The file of an object path, refusing anything that is not one of ours or would leave the root. */
  private fileOf(objectPath: string): string {
    if (!isObjectPath(objectPath)) throw new Error(`Not an object path: ${JSON.stringify(objectPath)}`);
    const file = path.resolve(this.root, objectPath);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Object path leaves the storage root');
    return file;
  }

  // The type is implied by the object path's extension on disk; a bucket driver would store it.
  async put(objectPath: string, data: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(objectPath);
    await mkdir(path.dirname(file), { recursive: true });
    // Same directory, so the rename is atomic: a reader never sees half a picture.
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(objectPath: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(objectPath));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(objectPath: string): Promise<void> {
    await rm(this.fileOf(objectPath), { force: true });
  }

  async *list(): AsyncIterable<{ objectPath: string; modifiedAt: Date }> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const objectPath = entry.split(path.sep).join('/');
      if (!isObjectPath(objectPath)) continue;
      const info = await stat(path.join(this.root, entry)).catch(() => null);
      if (info?.isFile()) yield { objectPath, modifiedAt: info.mtime };
    }
  }
}
