import type { ImportPreviewResponse, ImportRequest, ImportResultResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { API_BASE, api } from '../../../lib/api-client';

export const STUDENT_TEMPLATE_HREF = `${API_BASE}/students/import/template`;

/** Dry run: every row checked, nothing written. */
export function previewStudentImport(data: ImportRequest): Promise<ImportPreviewResponse> {
  return api.post<ImportPreviewResponse>('/students/import/preview', data);
}

/** All rows in one transaction, or none (422 with the same problems as the preview). */
export function importStudents(data: ImportRequest): Promise<ImportResultResponse> {
  return api.post<ImportResultResponse>('/students/import', data);
}

export function useImportStudents() {
  return usePeopleMutation(importStudents, NO_ERROR_TOAST);
}
