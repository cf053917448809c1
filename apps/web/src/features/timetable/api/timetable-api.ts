import type {
  AssignTimetableTeacherRequest,
  AssignTimetableTeacherResponse,
  ChildrenTimetableResponse,
  ClearSlotsResponse,
  CreatePeriodRequest,
  CreateSlotRequest,
  Period,
  TimetableOptionsResponse,
  TimetableSlot,
  TimetableWeek,
  UpdatePeriodRequest,
  UpdateSlotRequest,
} from '@lyceum/shared/timetable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearLessonsPath } from '../../../api/timetable-lessons';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { TIMETABLE_KEY } from './live-timetable';

/** Whose week a grid shows. */
export interface WeekOf {
  kind: 'class' | 'teacher' | 'student' | 'room';
  /** The class, teacher or student id; a room's name. */
  id: string;
}

export const timetableKeys = {
  all: [TIMETABLE_KEY] as const,
  options: [TIMETABLE_KEY, 'options'] as const,
  week: (of: WeekOf) => [TIMETABLE_KEY, 'week', of.kind, of.id] as const,
  children: [TIMETABLE_KEY, 'children'] as const,
};

function weekPath(of: WeekOf): string {
  if (of.kind === 'room') return `/timetable/rooms?room=${encodeURIComponent(of.id)}`;
  return `/timetable/${of.kind === 'class' ? 'classes' : of.kind === 'teacher' ? 'teachers' : 'students'}/${of.id}`;
}

/** The periods (grid rows) and the pickers the caller may use, in one request. */
export function useTimetableOptions() {
  return useQuery({
    queryKey: timetableKeys.options,
    queryFn: ({ signal }) => api.get<TimetableOptionsResponse>('/timetable/options', { signal }),
  });
}

export function useWeek(of: WeekOf | null) {
  return useQuery({
    queryKey: of ? timetableKeys.week(of) : [TIMETABLE_KEY, 'week', 'none'],
    queryFn: ({ signal }) => api.get<TimetableWeek>(weekPath(of as WeekOf), { signal }),
    enabled: of !== null,
  });
}

/** A parent's children, each with their week. */
export function useChildrenWeeks(enabled: boolean) {
  return useQuery({
    queryKey: timetableKeys.children,
    queryFn: ({ signal }) => api.get<ChildrenTimetableResponse>('/timetable/children', { signal }),
    enabled,
  });
}

/** Every write changes what grids and pickers show: refetch everything of the timetable. */
function useTimetableMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: NO_ERROR_TOAST,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKeys.all }),
  });
}

export function useSavePeriod() {
  return useTimetableMutation(({ id, data }: { id?: string; data: CreatePeriodRequest & UpdatePeriodRequest }) =>
    id ? api.patch<Period>(`/timetable/periods/${id}`, data) : api.post<Period>('/timetable/periods', data),
  );
}

export function useDeletePeriod() {
  return useTimetableMutation((id: string) => api.delete<void>(`/timetable/periods/${id}`));
}

export function useSaveSlot() {
  return useTimetableMutation(({ id, data }: { id?: string; data: CreateSlotRequest | UpdateSlotRequest }) =>
    id
      ? api.patch<TimetableSlot>(`/timetable/slots/${id}`, data)
      : api.post<TimetableSlot>('/timetable/slots', data as CreateSlotRequest),
  );
}

export function useDeleteSlot() {
  return useTimetableMutation((id: string) => api.delete<void>(`/timetable/slots/${id}`));
}

/** Clears a class's or a teacher's week in one go, or only one subject's lessons there; answers how many went. */
export function useClearWeek() {
  return useTimetableMutation((of: { kind: 'class' | 'teacher'; id: string; subjectId?: string }) =>
    api.delete<ClearSlotsResponse>(
      clearLessonsPath({ [of.kind === 'class' ? 'classId' : 'teacherId']: of.id, subjectId: of.subjectId }),
    ),
  );
}

export function useAssignTeacher() {
  return useTimetableMutation(({ classId, data }: { classId: string; data: AssignTimetableTeacherRequest }) =>
    api.post<AssignTimetableTeacherResponse>(`/timetable/classes/${classId}/assign-teacher`, data),
  );
}
