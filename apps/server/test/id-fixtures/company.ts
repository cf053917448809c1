import type { IdFixture } from './types.ts';

export const COMPANY_ID_FIXTURES: Record<string, IdFixture> = {};
