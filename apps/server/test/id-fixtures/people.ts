import type { IdFixture } from './types.ts';

export const PEOPLE_ID_FIXTURES: Record<string, IdFixture> = {};
