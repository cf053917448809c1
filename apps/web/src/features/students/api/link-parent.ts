import type { StudentResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** PUT links a parent (or changes the relationship); `relationship: null` unlinks with DELETE. */
export function linkParent({
  studentId,
  parentId,
  relationship,
}: {
  studentId: string;
  parentId: string;
  relationship: string | null;
}) {
  const path = `/students/${studentId}/parents/${parentId}`;
  return relationship === null ? api.delete<StudentResponse>(path) : api.put<StudentResponse>(path, { relationship });
}

export function useLinkParent() {
  return usePeopleMutation(linkParent);
}
