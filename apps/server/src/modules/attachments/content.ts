import { ATTACHMENT_NAME_MAX, ATTACHMENT_TYPES, extensionOf } from '@lyceum/shared/files';

export type AllowedType = (typeof ATTACHMENT_TYPES)[number];

const byType = (type: AllowedType['type']) => ATTACHMENT_TYPES.find((t) => t.type === type) as AllowedType;

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Every Office Open XML package names this part; a plain zip of anything else does not. */
const OFFICE_MARKER = Buffer.from('[Content_Types].xml', 'latin1');

/** Text is UTF-8 with no control characters but tab, line breaks and form feed. */
const NOT_TEXT = /(?![\t\n\r\f])\p{Cc}/u;
function isPlainText(data: Buffer): boolean {
  try {
    return !NOT_TEXT.test(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return false;
  }
}

/**
 * The allowed type of a file, decided by its bytes; the declared type is never believed. Where the bytes
 * cannot tell the types apart (an Office document is a zip; text has no signature) the name's extension
 * chooses among those the bytes allow. Anything else (HTML, SVG, scripts, executables, other archives) is null.
 */
export function detectType(data: Buffer, name: string): AllowedType | null {
  if (startsWith(data, ascii('%PDF-'))) return byType('application/pdf');
  if (startsWith(data, [0xff, 0xd8, 0xff])) return byType('image/jpeg');
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return byType('image/png');
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return byType('image/webp');
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return byType('image/gif');
  const ext = extensionOf(name);
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && data.includes(OFFICE_MARKER)) {
    const office = ATTACHMENT_TYPES.find(
      (t) => t.type.startsWith('application/vnd.openxmlformats') && (t.extensions as readonly string[]).includes(ext),
    );
    return office ?? null;
  }
  if (ext === 'txt' && isPlainText(data)) return byType('text/plain');
  return null;
}

/** Control and format (text-direction) characters: dropped from names. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** Characters Windows refuses in file names (path separators are cut off before): replaced. */
const RESERVED = /[:*?"<>|]/g;

/**
 * The name a file is shown and downloaded under: the last segment of what the browser sent, without control,
 * direction or path characters, at most ATTACHMENT_NAME_MAX characters, and ending in an extension of the
 * type its bytes showed (a PDF named "report.html" becomes "report.html.pdf").
 */
export function safeFileName(raw: string, type: AllowedType): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    .replace(INVISIBLE, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (!(type.extensions as readonly string[]).includes(extensionOf(name))) {
    name = `${name || 'attachment'}.${type.extensions[0]}`;
  }
  const chars = [...name];
  if (chars.length <= ATTACHMENT_NAME_MAX) return name;
  const ext = `.${extensionOf(name)}`;
  return `${chars
    .slice(0, ATTACHMENT_NAME_MAX - ext.length)
    .join('')
    .trim()}${ext}`;
}

/** Pictures may open in the browser (they are shown as thumbnails); everything else is only downloaded. */
export const opensInline = (type: string) => type.startsWith('image/');

/**
 * A Content-Disposition header for `name`: a plain ASCII fallback and the exact name in RFC 5987 encoding,
 * so no character of a name can break out of the header.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
