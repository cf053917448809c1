import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENTS_PER_ITEM,
  type Attachment,
  attachmentTypeByName,
} from '@lyceum/shared/files';
import { useCallback, useMemo, useRef, useState } from 'react';
import { removeUpload, uploadAttachment } from '../../api/attachments';
import { errorMessage } from '../../lib/api-client';

/** A file of the draft: uploading, uploaded (with its server record) or refused (with the reason). */
export interface DraftFile {
  key: string;
  name: string;
  size: number;
  state: 'uploading' | 'ready' | 'failed';
  attachment?: Attachment;
  /** A shared message (English, shown through the server-message table) when it failed. */
  error?: string;
  /**
   * A file the item already carries (an announcement being edited): removing it only leaves it out of the
   * save, and closing without saving keeps it; it is never taken back as an upload.
   */
  kept?: boolean;
}

/**
 * Early feedback only, in the server's own words: the server decides by the file's content. Null when the
 * browser's view of the file looks acceptable.
 */
export function checkAttachmentFile(file: File): string | null {
  if (!attachmentTypeByName(file.name)) return ATTACHMENT_MESSAGES.wrongType;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_MESSAGES.tooLarge;
  if (file.size === 0) return ATTACHMENT_MESSAGES.noFile;
  return null;
}

let counter = 0;

/**
 * The files of an announcement or message being written: each chosen file is uploaded at once, so sending
 * only names their ids. `discard` takes back what was uploaded but not sent; `sent` forgets the files a post
 * attached. `initial` are the files of an item being edited: listed as ready, never taken back.
 */
export function useAttachmentDraft(initial: readonly Attachment[] = []) {
  const [files, setFiles] = useState<DraftFile[]>(() =>
    initial.map((attachment) => ({
      key: `draft-${++counter}`,
      name: attachment.name,
      size: attachment.size,
      state: 'ready',
      attachment,
      kept: true,
    })),
  );
  const current = useRef(files);
  current.current = files;

  const patch = useCallback((key: string, change: Partial<DraftFile>) => {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const add = useCallback(
    (chosen: File[]) => {
      const room = ATTACHMENTS_PER_ITEM - current.current.filter((f) => f.state !== 'failed').length;
      const added: DraftFile[] = chosen.map((file, i) => {
        const problem = i >= room ? ATTACHMENT_MESSAGES.tooMany : checkAttachmentFile(file);
        return {
          key: `draft-${++counter}`,
          name: file.name,
          size: file.size,
          state: problem ? 'failed' : 'uploading',
          ...(problem ? { error: problem } : {}),
        };
      });
      setFiles((list) => [...list, ...added]);
      added.forEach((draft, i) => {
        const file = chosen[i];
        if (draft.state !== 'uploading' || !file) return;
        uploadAttachment(file).then(
          (attachment) => patch(draft.key, { state: 'ready', attachment, name: attachment.name }),
          (error: unknown) => patch(draft.key, { state: 'failed', error: errorMessage(error) }),
        );
      });
    },
    [patch],
  );

  const remove = useCallback((key: string) => {
    const file = current.current.find((f) => f.key === key);
    setFiles((list) => list.filter((f) => f.key !== key));
    // Frees the school's storage now rather than when the day-old upload is swept; a failure changes nothing.
    if (file?.attachment && !file.kept) void removeUpload(file.attachment.id).catch(() => undefined);
  }, []);

  const discard = useCallback(() => {
    for (const file of current.current) {
      if (file.attachment && !file.kept) void removeUpload(file.attachment.id).catch(() => undefined);
    }
    setFiles([]);
  }, []);

  // Only the files that went out: the post's answer may come after more files were chosen for the next one.
  // Forgotten at once, not at the next render: a dialog that closes right after publishing calls `discard` in
  // the same tick, and must not try to take back the files the post now carries.
  const sent = useCallback((ids: readonly string[]) => {
    const keep = (f: DraftFile) => !(f.attachment && ids.includes(f.attachment.id));
    current.current = current.current.filter(keep);
    setFiles((list) => list.filter(keep));
  }, []);

  return useMemo(
    () => ({
      files,
      ids: files.flatMap((f) => (f.state === 'ready' && f.attachment ? [f.attachment.id] : [])),
      busy: files.some((f) => f.state === 'uploading'),
      add,
      remove,
      discard,
      sent,
    }),
    [files, add, remove, discard, sent],
  );
}

export type AttachmentDraft = ReturnType<typeof useAttachmentDraft>;
