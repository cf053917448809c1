import type {
  EmergencyContactsRequest,
  EmergencyContactsResponse,
  EmergencyLookupResponse,
} from '@lyceum/shared/emergency-contacts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const KEY = ['emergency-contacts'] as const;

/**
 * `GET /emergency-contacts`: up to 8 students the user may see, each with their contacts. Staff search by
 * name (only once something is typed); a parent gets their children without searching.
 */
export function useEmergencyLookup(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'lookup', search],
    queryFn: ({ signal }) =>
      api.get<EmergencyLookupResponse>(
        search ? `/emergency-contacts?${new URLSearchParams({ search })}` : '/emergency-contacts',
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `GET /students/:id/emergency-contacts`: one student's contacts (the student's profile page). */
export function useStudentEmergencyContacts(studentId: string) {
  return useQuery({
    queryKey: [...KEY, 'student', studentId],
    queryFn: ({ signal }) =>
      api.get<EmergencyContactsResponse>(`/students/${studentId}/emergency-contacts`, { signal }),
  });
}

/** `PUT /students/:id/emergency-contacts`: the whole ordered list replaces the old one. */
export function useSaveEmergencyContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, ...body }: { studentId: string } & EmergencyContactsRequest) =>
      api.put<EmergencyContactsResponse>(`/students/${studentId}/emergency-contacts`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
