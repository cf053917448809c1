/**
 * Where stored objects (profile pictures, later attachments) live. Object paths follow the layout of docs/product.md, "Files", always
 * made by the server (`object-paths.ts`), never taken from a client. Drivers: local disk (default); an
 * S3-compatible store needs its own driver implementing this interface (see docs/decisions/005).
 */
export interface StorageDriver {
  /** Stores `data` at `objectPath` atomically: a reader sees the whole object or none of it. */
  put(objectPath: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(objectPath: string): Promise<Buffer | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(objectPath: string): Promise<void>;
  /** Every stored object with its last write time, for the orphan sweep. */
  list(): AsyncIterable<{ objectPath: string; modifiedAt: Date }>;
}
