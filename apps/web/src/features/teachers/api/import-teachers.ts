import type { ImportPreviewResponse, ImportRequest, ImportResultResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { API_BASE, api } from '../../../lib/api-client';

export const TEACHER_TEMPLATE_HREF = `${API_BASE}/teachers/import/template`;

export function previewTeacherImport(data: ImportRequest): Promise<ImportPreviewResponse> {
  return api.post<ImportPreviewResponse>('/teachers/import/preview', data);
}

export function importTeachers(data: ImportRequest): Promise<ImportResultResponse> {
  return api.post<ImportResultResponse>('/teachers/import', data);
}

export function useImportTeachers() {
  return usePeopleMutation(importTeachers, NO_ERROR_TOAST);
}
