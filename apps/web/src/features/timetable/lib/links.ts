/**
 * The timetable page's query parameter naming a parent's child, shared by the page and every link into it (each
 * child's card on the parent dashboard), so a link always opens the week of the child it stands beside.
 */
export const TIMETABLE_CHILD_PARAM = 'child';

/** A parent's timetable opened on one child's week. */
export const childTimetableHref = (studentId: string) =>
  `/timetable?${new URLSearchParams({ [TIMETABLE_CHILD_PARAM]: studentId })}`;
