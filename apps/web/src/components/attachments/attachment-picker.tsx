import { ATTACHMENT_ACCEPT, ATTACHMENTS_PER_ITEM, attachmentTypeByName } from '@lyceum/shared/files';
import { Paperclip, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { useServerMessage } from '../../lib/i18n/server-messages';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { AttachmentIcon } from './attachment-icon';
import { formatFileSize } from './file-size';
import type { AttachmentDraft } from './use-attachment-draft';

/** The "Attach files" button over a hidden file input; `compact` shows it as an icon only (a composer). */
export function AttachButton({ draft, compact = false }: { draft: AttachmentDraft; compact?: boolean }) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    draft.add([...(event.target.files ?? [])]);
    event.target.value = '';
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChoose}
        data-testid="attachment-input"
      />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => input.current?.click()}
        aria-label={compact ? t('attachments.picker.attach') : undefined}
        aria-describedby={hintId}
        className={compact ? 'h-10 px-2.5' : undefined}
      >
        <Paperclip className="size-4" aria-hidden="true" />
        {!compact && t('attachments.picker.attach')}
      </Button>
      <span id={hintId} className={cn('text-xs text-slate-500', compact && 'sr-only')}>
        {t('attachments.picker.hint', { count: ATTACHMENTS_PER_ITEM })}
      </span>
    </div>
  );
}

/** The chosen files with their state (uploading, ready, refused and why) and a remove button each. */
export function DraftFileList({ draft }: { draft: AttachmentDraft }) {
  const { t } = useT();
  const inUiLanguage = useServerMessage();
  if (draft.files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label={t('attachments.picker.chosen')} aria-live="polite">
      {draft.files.map((f) => (
        <li
          key={f.key}
          className={cn(
            'flex min-w-0 flex-wrap items-center gap-2 rounded-lg border px-2 py-1.5 text-sm',
            f.state === 'failed' ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white',
          )}
          data-testid="attachment-draft"
          data-state={f.state}
        >
          {f.state === 'uploading' ? (
            <Spinner className="size-4" />
          ) : (
            <AttachmentIcon type={f.attachment?.type ?? attachmentTypeByName(f.name)?.type ?? ''} />
          )}
          <span className="min-w-0 flex-1 truncate" dir="auto">
            {f.name}
          </span>
          <span className="shrink-0 text-xs text-slate-500">
            {f.state === 'uploading' ? t('attachments.picker.uploading') : formatFileSize(f.size)}
          </span>
          <button
            type="button"
            onClick={() => draft.remove(f.key)}
            className="rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t('attachments.picker.remove', { name: f.name })}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
          {f.error && (
            <p className="basis-full text-xs font-medium text-red-700" role="alert">
              {inUiLanguage(f.error)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "Attach files" for a form: the button, then the chosen files. */
export function AttachmentPicker({ draft, className }: { draft: AttachmentDraft; className?: string }) {
  return (
    <div className={cn('space-y-2', className)}>
      <AttachButton draft={draft} />
      <DraftFileList draft={draft} />
    </div>
  );
}
