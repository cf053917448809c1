import type { IdFixture } from './types.ts';

export const FILES_ID_FIXTURES: Record<string, IdFixture> = {};
