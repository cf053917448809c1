import { type PromotionRequest, YEAR_MESSAGES } from '@lyceum/shared/years';
import { ApiError, errorMessage } from '../../../lib/api-client';

/** A refusal placed on one row: its message, and whether it is about the class chosen to move into. */
export interface RowRefusal {
  message: string;
  /** `toClassId`: the class chosen to promote or move into; otherwise the row's outcome. */
  field: 'toClassId' | 'outcome';
}

/**
 * Why a promotion was refused, placed where it belongs (docs/product.md, "The year-end promotion"): on the
 * class rows and students it concerns, and `message` for what concerns none of them (the whole request).
 */
export interface Refusal {
  classes: Record<string, RowRefusal>;
  students: Record<string, RowRefusal>;
  message: string | null;
}

export const NO_REFUSAL: Refusal = { classes: {}, students: {}, message: null };

export const isRefused = (r: Refusal): boolean =>
  r.message !== null || Object.keys(r.classes).length > 0 || Object.keys(r.students).length > 0;

const PATH = /^(classes|students)\.(\d+)\.(\w+)$/;

/**
 * The server's field paths (`classes.N.toClassId`, `students.N.classId`…, N the index in the request sent:
 * apps/server/src/modules/years/promotion.ts) mapped to the class and student they concern. A refusal with no
 * such path (`There are no students to promote…`, a class missing from the request) stays the whole form's.
 */
export function refusalOf(error: unknown, sent: PromotionRequest): Refusal {
  const refusal: Refusal = { classes: {}, students: {}, message: null };
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  let placed = false;
  for (const [path, message] of Object.entries(fields)) {
    const match = PATH.exec(path);
    if (!match) continue;
    const [, list, index, field] = match;
    const row = list === 'classes' ? sent.classes[Number(index)] : sent.students?.[Number(index)];
    if (!row) continue;
    const placedRow: RowRefusal = { message, field: field === 'toClassId' ? 'toClassId' : 'outcome' };
    if (list === 'classes') refusal.classes[row.classId] ??= placedRow;
    else refusal.students[(row as { studentId: string }).studentId] ??= placedRow;
    placed = true;
  }
  if (!placed) refusal.message = errorMessage(error);
  return refusal;
}

/**
 * A refusal of a class the request left out (`Choose where {class} goes`, field `classes`: a class made after the
 * wizard loaded them), put on that class's row once the classes are loaded again, so it is shown and takes the
 * focus there: the class the message names, else the first one left out. `listed`: the source year's classes
 * now, each named as the wizard names it. Unchanged when the refusal is another or no such class is listed.
 */
export function onClassLeftOut(
  refusal: Refusal,
  error: unknown,
  sent: PromotionRequest,
  listed: { id: string; name: string }[],
): Refusal {
  const message = error instanceof ApiError ? error.fields?.classes : undefined;
  if (!message || refusal.message === null) return refusal;
  const sentIds = new Set(sent.classes.map((c) => c.classId));
  const leftOut = listed.filter((c) => !sentIds.has(c.id));
  const row = leftOut.find((c) => message.includes(c.name)) ?? leftOut[0];
  if (!row) return refusal;
  return { ...refusal, classes: { ...refusal.classes, [row.id]: { message, field: 'outcome' } }, message: null };
}

/**
 * The classes told to promote without a class to promote into, each refused with the server's own message,
 * all at once and before anything is sent.
 */
export function missingTargets(request: PromotionRequest): Refusal {
  const classes: Record<string, RowRefusal> = {};
  for (const c of request.classes) {
    if (c.action === 'promote' && !c.toClassId)
      classes[c.classId] = { message: YEAR_MESSAGES.targetRequired, field: 'toClassId' };
  }
  return { ...NO_REFUSAL, classes };
}
