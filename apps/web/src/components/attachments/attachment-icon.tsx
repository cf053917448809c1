import { attachmentKindOf } from '@lyceum/shared/files';
import { File, FileImage, FileSpreadsheet, FileText, Presentation } from 'lucide-react';

const ICONS = {
  pdf: FileText,
  text: FileText,
  image: FileImage,
  document: File,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
} as const;

/** The icon of a file's kind, decorative: its name is always next to it. */
export function AttachmentIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[attachmentKindOf(type)];
  return <Icon className={className ?? 'size-4 shrink-0'} aria-hidden="true" />;
}
