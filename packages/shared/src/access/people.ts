import type { Access } from './types.ts';

/** Routes of students, teachers, parents, classes, subjects, school users. */
export const PEOPLE_ACCESS: Record<string, Access> = {};
