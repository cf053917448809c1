import type { Attachment } from '@lyceum/shared/files';
import { Download } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { AttachmentIcon } from './attachment-icon';
import { formatFileSize } from './file-size';

/** The files of an announcement or a message: icon, name, size and a download link each. */
export function AttachmentList({
  attachments,
  tone = 'light',
  className,
}: {
  attachments: Attachment[];
  /** `dark` on a coloured message bubble. */
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const { t } = useT();
  if (attachments.length === 0) return null;
  return (
    <ul className={cn('flex flex-col gap-1', className)} aria-label={t('attachments.list.label')}>
      {attachments.map((a) => (
        <li key={a.id} className="min-w-0">
          <a
            href={a.url}
            download={a.name}
            data-testid="attachment-link"
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-lg border px-2 py-1.5 text-sm underline-offset-2 hover:underline',
              tone === 'dark'
                ? 'border-white/40 text-white'
                : 'border-slate-200 bg-white text-slate-800 hover:border-slate-300',
            )}
          >
            <AttachmentIcon type={a.type} />
            <span className="min-w-0 flex-1 truncate" dir="auto">
              {a.name}
            </span>
            <span className={cn('shrink-0 text-xs', tone === 'dark' ? 'text-white' : 'text-slate-500')}>
              {formatFileSize(a.size)}
            </span>
            <Download className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('attachments.list.download')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
