import type { TimetableOption, TimetableOptionsResponse, TimetableSlot } from '@lyceum/shared/timetable';

/** Keeps an edited lesson's own subject or teacher choosable, even when no assignment lists it any more. */
function withCurrent(list: TimetableOption[], all: TimetableOption[], id: string | undefined): TimetableOption[] {
  if (!id || list.some((o) => o.id === id)) return list;
  const current = all.find((o) => o.id === id);
  return current ? [...list, current] : list;
}

/**
 * The subjects a class's lessons can be in: those some teacher is assigned in the class (the
 * teacher-assignment rule), or every subject while the class has no assignments yet (the server then says why).
 */
export function subjectsFor(
  options: TimetableOptionsResponse,
  classId: string,
  editing?: TimetableSlot,
): TimetableOption[] {
  const assigned = new Set(options.assignments.filter((a) => a.classId === classId).flatMap((a) => a.subjectIds));
  const list = assigned.size ? options.subjects.filter((s) => assigned.has(s.id)) : options.subjects;
  return withCurrent(list, options.subjects, editing?.subjectId);
}

/** The teachers assigned this subject in this class, or every teacher when none is. */
export function teachersFor(
  options: TimetableOptionsResponse,
  classId: string,
  subjectId: string,
  editing?: TimetableSlot,
): TimetableOption[] {
  const assigned = new Set(
    options.assignments
      .filter((a) => a.classId === classId && (!subjectId || a.subjectIds.includes(subjectId)))
      .map((a) => a.teacherId),
  );
  const list = assigned.size ? options.teachers.filter((s) => assigned.has(s.id)) : options.teachers;
  return withCurrent(list, options.teachers, editing?.teacherId);
}
