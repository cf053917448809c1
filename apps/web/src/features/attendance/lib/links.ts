/**
 * The mark page's query parameter naming its class, shared by the page and every link into it (the teacher
 * dashboard's "Mark {class}"), so a link always opens the class it names.
 */
export const MARK_CLASS_PARAM = 'class';

/** The mark page opened on one class (today), and on a period when the school marks per period. */
export const markAttendanceHref = (classId: string, periodId?: string | null) =>
  `/attendance/mark?${new URLSearchParams({ [MARK_CLASS_PARAM]: classId, ...(periodId ? { period: periodId } : {}) })}`;

/** The mark page opened on one sheet: a class, a date and, when marked per period, a period. */
export const markSheetHref = (sheet: { classId: string; date: string; periodId?: string | null | undefined }) =>
  `/attendance/mark?${new URLSearchParams({
    [MARK_CLASS_PARAM]: sheet.classId,
    date: sheet.date,
    ...(sheet.periodId ? { period: sheet.periodId } : {}),
  })}`;

/** The attendance page on one student's history: the tables' names and the student profile link here. */
export const studentHistoryHref = (studentId: string) =>
  `/attendance?${new URLSearchParams({ tab: 'history', student: studentId })}`;
