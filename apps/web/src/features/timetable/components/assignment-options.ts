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

/**
 * The ids of the school's teachers assigned `subjectId` in the class (any subject when none is chosen). Someone
 * who is no longer a teacher keeps their assignment rows but is not counted: they cannot be given a lesson.
 */
function assignedTeachers(options: TimetableOptionsResponse, classId: string, subjectId: string): Set<string> {
  const teaching = new Set(options.teachers.map((t) => t.id));
  return new Set(
    options.assignments
      .filter((a) => a.classId === classId && (!subjectId || a.subjectIds.includes(subjectId)))
      .map((a) => a.teacherId)
      .filter((id) => teaching.has(id)),
  );
}

/**
 * Whether nobody who teaches now is assigned the subject in the class, while the class has assignments: a
 * lesson of it can then go to no one until a teacher is assigned it on the class page (the teacher-assignment
 * rule; docs/product.md, "Timetable screens").
 */
export function noTeacherAssigned(options: TimetableOptionsResponse, classId: string, subjectId: string): boolean {
  const classAssigned = options.assignments.some((a) => a.classId === classId);
  return Boolean(subjectId) && classAssigned && assignedTeachers(options, classId, subjectId).size === 0;
}

/** The teachers assigned this subject in this class, or every teacher when none is. */
export function teachersFor(
  options: TimetableOptionsResponse,
  classId: string,
  subjectId: string,
  editing?: TimetableSlot,
): TimetableOption[] {
  const assigned = assignedTeachers(options, classId, subjectId);
  const list = assigned.size ? options.teachers.filter((s) => assigned.has(s.id)) : options.teachers;
  // Its own teacher stays on the list even when no longer a teacher, so the form never shows another one.
  const former = formerTeacher(options, editing);
  return withCurrent(list, former ? [...options.teachers, former] : options.teachers, editing?.teacherId);
}

/**
 * The edited lesson's teacher when they are no longer one of the school's active teachers (promoted to
 * administrator, or their role changed): the server gives lessons only to teachers, so the lesson keeps them
 * until it is saved, and saving needs someone who teaches now (docs/product.md, "Timetable screens").
 */
export function formerTeacher(options: TimetableOptionsResponse, editing?: TimetableSlot): TimetableOption | null {
  if (!editing || options.teachers.some((o) => o.id === editing.teacherId)) return null;
  return { id: editing.teacherId, name: editing.teacherName };
}
