import type { Access } from './types.ts';

/** Routes of uploads and stored files. */
export const FILES_ACCESS: Record<string, Access> = {};
