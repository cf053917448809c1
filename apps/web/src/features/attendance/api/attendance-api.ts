import type {
  AttendanceList,
  AttendanceOptions,
  AttendanceRates,
  AttendanceSettings,
  AttendanceTrend,
  BelowThreshold,
  ClassRegister,
  ClassSheet,
  StudentAttendance,
  SubmitAttendanceRequest,
  SubmitAttendanceResponse,
} from '@lyceum/shared/attendance';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

/** Every attendance read sits under this key, so one live event refetches whatever is open. */
export const attendanceKeys = { all: ['attendance'] as const };

/**
 * What a submission changes: every attendance read but the pickers (classes, periods, today, settings), which
 * marks never change.
 */
export const marksChanged = {
  queryKey: attendanceKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'options',
};

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function useAttendanceOptions(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: ['attendance', 'options'] as const,
      queryFn: ({ signal }) => api.get<AttendanceOptions>('/attendance/options', { signal }),
    }),
    enabled,
  });
}

export function useClassSheet(classId: string, date: string, periodId: string, enabled = true) {
  return useQuery({
    queryKey: ['attendance', 'sheet', classId, date, periodId] as const,
    queryFn: ({ signal }) =>
      api.get<ClassSheet>(`/attendance/classes/${classId}${query({ date, periodId })}`, { signal }),
    enabled: enabled && classId !== '' && date !== '',
  });
}

export function useRecentAttendance(enabled = true) {
  return useQuery({
    queryKey: ['attendance', 'recent'] as const,
    queryFn: ({ signal }) => api.get<AttendanceList>('/attendance/recent', { signal }),
    enabled,
  });
}

export function useClassRegister(classId: string, month: string) {
  return useQuery({
    queryKey: ['attendance', 'register', classId, month] as const,
    queryFn: ({ signal }) =>
      api.get<ClassRegister>(`/attendance/classes/${classId}/register${query({ month })}`, { signal }),
    enabled: classId !== '',
    placeholderData: keepPreviousData,
  });
}

/** A student's history; with `date` (an alert's day) that day's records are in it too, however old. */
export function useStudentAttendance(studentId: string, date = '') {
  return useQuery({
    queryKey: ['attendance', 'student', studentId, date] as const,
    queryFn: ({ signal }) =>
      api.get<StudentAttendance>(`/attendance/students/${studentId}${query({ date })}`, { signal }),
    enabled: studentId !== '',
  });
}

export function useAttendanceRates() {
  return useQuery({
    queryKey: ['attendance', 'rates'] as const,
    queryFn: ({ signal }) => api.get<AttendanceRates>('/attendance/rates', { signal }),
  });
}

export function useAttendanceTrend(by: 'day' | 'week', classId: string) {
  return useQuery({
    queryKey: ['attendance', 'trend', by, classId] as const,
    queryFn: ({ signal }) => api.get<AttendanceTrend>(`/attendance/trend${query({ by, classId })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBelowThreshold() {
  return useQuery({
    queryKey: ['attendance', 'below'] as const,
    queryFn: ({ signal }) => api.get<BelowThreshold>('/attendance/below-threshold', { signal }),
  });
}

/**
 * A submission still unanswered after this long is kept as not sent yet (a connection that hangs rather than
 * fails) and sent again later under its key, which the server answers once.
 */
const SUBMIT_TIMEOUT_MS = 15_000;

/** One submission; the key makes a retry of it safe (the server answers a repeated key with the first answer). */
export function submitAttendance(body: SubmitAttendanceRequest, idempotencyKey: string) {
  return api.post<SubmitAttendanceResponse>('/attendance', body, {
    headers: { 'idempotency-key': idempotencyKey },
    timeoutMs: SUBMIT_TIMEOUT_MS,
  });
}

/** CSV downloads: the browser fetches them with the session cookie. */
export const attendanceCsv = {
  recent: () => `${API_BASE}/attendance/recent/export`,
  register: (classId: string, month: string) =>
    `${API_BASE}/attendance/classes/${classId}/register/export${query({ month })}`,
  student: (studentId: string) => `${API_BASE}/attendance/students/${studentId}/export`,
  rates: () => `${API_BASE}/attendance/rates/export`,
  below: () => `${API_BASE}/attendance/below-threshold/export`,
};

/** The school's attendance settings (docs/product.md, "Attendance settings, trend and exports"). */
export function useAttendanceSettings() {
  return useQuery({
    queryKey: ['attendance', 'settings'] as const,
    queryFn: ({ signal }) => api.get<AttendanceSettings>('/attendance/settings', { signal }),
  });
}

/** The school admin saves them; every attendance read (the pickers carry the settings) refetches. */
export function useUpdateAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (settings: AttendanceSettings) => api.put<AttendanceSettings>('/attendance/settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(['attendance', 'settings'], saved);
      return queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
  });
}
