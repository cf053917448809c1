import type { ImportPreviewResponse, ImportRequest, ImportResultResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { API_BASE, api } from '../../../lib/api-client';

export const PARENT_TEMPLATE_HREF = `${API_BASE}/parents/import/template`;

export function previewParentImport(data: ImportRequest): Promise<ImportPreviewResponse> {
  return api.post<ImportPreviewResponse>('/parents/import/preview', data);
}

export function importParents(data: ImportRequest): Promise<ImportResultResponse> {
  return api.post<ImportResultResponse>('/parents/import', data);
}

export function useImportParents() {
  return usePeopleMutation(importParents, NO_ERROR_TOAST);
}
