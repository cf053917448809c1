/** The files module's public surface: profile pictures, storage accounting, and attachments' rows. */
export { fileRoutes, requireUploadHeader } from './routes.ts';
export { assertStorageAvailable, BYTES_PER_GB, storageUsedBySchool, storageUsedBytes } from './storage-usage.ts';
export {
  type AttachmentParent,
  attachmentNotFound,
  attachmentsOf,
  attachmentUrl,
  claimAttachments,
  deleteAttachmentRows,
  findAttachment,
  replaceAttachments,
  type StoredAttachment,
  unattachedCount,
} from './attachment-rows.ts';
