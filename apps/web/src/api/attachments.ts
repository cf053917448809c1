import { ATTACHMENT_FIELD, type Attachment } from '@lyceum/shared/files';
import { api } from '../lib/api-client';

/** POST /attachments: one file for an announcement or message being written (announcements and messages use it). */
export function uploadAttachment(file: File): Promise<Attachment> {
  const form = new FormData();
  form.append(ATTACHMENT_FIELD, file);
  return api.post<Attachment>('/attachments', form);
}

/** DELETE /attachments/:id: takes back an upload that was not sent. */
export function removeUpload(id: string): Promise<void> {
  return api.delete<void>(`/attachments/${id}`);
}
