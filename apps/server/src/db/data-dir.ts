import { accessSync, constants, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

/**
 * The embedded database belongs to one process. PGlite takes no lock of its own: a second server, or
 * `npm run cli` while the server runs, would open the same files, work on its own copy in memory, and whichever
 * wrote last would silently undo the other's writes (README.md, "Configuration", DATA_DIR). So the opener holds
 * `DATA_DIR/db.lock`, which names its pid, for its whole life; another opener is refused while that process runs.
 */
export class DataDirInUseError extends StartupError {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
    /** What to do about it; the CLI says to stop the server. */
    advice = 'stop that process first, or set DATA_DIR to another directory.',
  ) {
    super(
      `The data directory ${dataDir} is in use by another Lyceum process (pid ${pid}): ${advice} ` +
        `If no process ${pid} is running, delete ${lockFile}.`,
    );
  }
}

/** The lock files this process holds: opening one of their databases again here is refused too. */
const held = new Set<string>();

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

function permissionError(err: unknown): boolean {
  return PERMISSION_CODES.has((err as NodeJS.ErrnoException).code ?? '');
}

function notWritable(dir: string): StartupError {
  const uid = process.getuid?.();
  return new StartupError(
    `The data directory ${dir} cannot be written by this user${uid === undefined ? '' : ` (uid ${uid})`}: ` +
      'give it to the user the server runs as (chown -R), or set DATA_DIR to a directory that user may write.',
  );
}

/** Creates `dir` if need be; refuses, in one line, a directory this user may not create or write. */
function writableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // EEXIST: `dir` is a file; ENOTDIR: a file stands where one of its parents should be.
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new StartupError(
        `The data directory ${dir} cannot be created: it or one of its parents is a file, not a directory. ` +
          'Set DATA_DIR to a directory.',
      );
    }
    if (!permissionError(err)) throw err;
    throw new StartupError(
      `The data directory ${dir} cannot be created (${(err as NodeJS.ErrnoException).code}): create it for the ` +
        'user the server runs as, or set DATA_DIR to a directory that user may write.',
    );
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    if (!permissionError(err)) throw err;
    throw notWritable(dir);
  }
}

export interface EmbeddedLock {
  /** Gives the lock up (also run when the process exits). */
  release: () => void;
  /**
   * The pid a stale lock named when this process took it over (its server was killed or crashed rather than
   * stopped), for the start-up log; null when there was none.
   */
  staleHolder: number | null;
}

/**
 * Prepares the embedded database's directory `dbDir` (DATA_DIR/db) and locks it for this process. Throws
 * DataDirInUseError while another live process holds it.
 */
export function lockEmbeddedDatabase(dbDir: string): EmbeddedLock {
  const dataDir = path.dirname(dbDir);
  const lockFile = `${dbDir}.lock`;
  if (held.has(lockFile)) throw new DataDirInUseError(dataDir, process.pid, lockFile);
  writableDir(dataDir);
  // Written whole, then linked into place: link fails if the lock exists, and a reader never sees it half written.
  const mine = `${lockFile}.${process.pid}`;
  let staleHolder: number | null = null;
  try {
    writeFileSync(mine, `${process.pid}\n`);
  } catch (err) {
    if (permissionError(err)) throw notWritable(dataDir);
    throw err;
  }
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        linkSync(mine, lockFile);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 3) throw err;
        const holder = holderOf(lockFile);
        if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
          throw new DataDirInUseError(dataDir, holder, lockFile);
        }
        // Stale: its process was killed or crashed, or it is our own pid from an earlier life (a container
        // restarted gives the server the same pid). Two openers taking over one stale lock at the same instant
        // could both win; that needs two starts within the same millisecond after a crash.
        rmSync(lockFile, { force: true });
        staleHolder = holder ?? null;
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  held.add(lockFile);
  const release = () => {
    process.off('exit', release);
    if (!held.delete(lockFile)) return;
    if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  // process.exit() (a failed start, a forced shutdown) skips close(); the lock must not outlive the process.
  process.on('exit', release);
  try {
    writableDir(dbDir);
  } catch (err) {
    release();
    throw err;
  }
  return { release, staleHolder };
}
