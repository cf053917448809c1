/** The files module's public surface: profile pictures and storage accounting. */
export { fileRoutes } from './routes.ts';
export { BYTES_PER_GB, storageUsedBySchool, storageUsedBytes } from './storage-usage.ts';
