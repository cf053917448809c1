import type { ClearSlotsResponse, TimetableWeek } from '@lyceum/shared/timetable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { NO_ERROR_TOAST } from '../lib/query-client';

/**
 * The timetable's query-key root: the timetable page's queries start with it too, so a class's week read here
 * is the grid's own cached week, and clearing lessons here refreshes every grid.
 */
export const TIMETABLE_KEY = 'timetable';

/** A class's week: the lessons a refused change (a subject or teacher leaving it) would leave behind. */
export function useClassLessons(classId: string | null) {
  return useQuery({
    queryKey: [TIMETABLE_KEY, 'week', 'class', classId ?? 'none'],
    queryFn: ({ signal }) => api.get<TimetableWeek>(`/timetable/classes/${classId}`, { signal }),
    enabled: classId !== null,
  });
}

/** A teacher's week, in every class: the lessons that keep them from being deactivated. */
export function useTeacherLessons(teacherId: string) {
  return useQuery({
    queryKey: [TIMETABLE_KEY, 'week', 'teacher', teacherId],
    queryFn: ({ signal }) => api.get<TimetableWeek>(`/timetable/teachers/${teacherId}`, { signal }),
  });
}

/** Which lessons to clear: a class's, a teacher's or a teacher's in one class, optionally of one subject. */
export interface LessonsOf {
  classId?: string;
  teacherId?: string;
  subjectId?: string;
}

export function clearLessonsPath(of: LessonsOf): string {
  const query = new URLSearchParams();
  for (const key of ['classId', 'teacherId', 'subjectId'] as const) {
    const value = of[key];
    if (value) query.set(key, value);
  }
  return `/timetable/slots?${query.toString()}`;
}

/**
 * Deletes those lessons in one step (docs/product.md, "Periods and the weekly timetable"); answers how many
 * went. Its screens show a refusal themselves (inside a dialog), so no toast.
 */
export function useClearLessons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (of: LessonsOf) => api.delete<ClearSlotsResponse>(clearLessonsPath(of)),
    meta: NO_ERROR_TOAST,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TIMETABLE_KEY] }),
  });
}
