import type { TimetableOption, TimetableOptionsResponse, TimetableSlot } from '@lyceum/shared/timetable';

/** Keeps an edited lesson's own subject or teacher choosable, even when no assignment lists it any more. */
function withCurrent(list: TimetableOption[], all: TimetableOption[], id: string | undefined): TimetableOption[] {
  if (!id || list.some((o) => o.id === id)) return list;
  const current = all.find((o) => o.id === id);
  return current ? [...list, current] : list;
}

/**
 * The subjects a class's lessons can be in: the class's own (the teacher-assignment rule's first half), whether
 * or not a teacher is assigned them there yet; the form says so when none is (docs/product.md, "Timetable
 * screens").
 */
export function subjectsFor(
  options: TimetableOptionsResponse,
  classId: string,
  editing?: TimetableSlot,
): TimetableOption[] {
  const ofClass = new Set(options.classSubjects.find((c) => c.classId === classId)?.subjectIds ?? []);
  return withCurrent(
    options.subjects.filter((s) => ofClass.has(s.id)),
    options.subjects,
    editing?.subjectId,
  );
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
 * Why a lesson of this subject in this class cannot go to the chosen teacher, before it is sent: nobody who
 * teaches now is assigned the subject there (`noOne`), or others are but not this teacher (`notThisTeacher`);
 * null when it can, or while the subject is not chosen (the teacher-assignment rule; docs/product.md,
 * "Timetable screens").
 */
export function assignmentGap(
  options: TimetableOptionsResponse,
  classId: string,
  subjectId: string,
  teacherId: string,
): 'noOne' | 'notThisTeacher' | null {
  if (!classId || !subjectId) return null;
  const assigned = assignedTeachers(options, classId, subjectId);
  if (assigned.size === 0) return 'noOne';
  return teacherId && !assigned.has(teacherId) ? 'notThisTeacher' : null;
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
