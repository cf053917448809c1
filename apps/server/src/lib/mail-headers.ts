/**
 * A header value as it may be written into a message: printable ASCII stays as it is; anything else (accents,
 * and any CR/LF or other control character that reached a school name) becomes RFC 2047 encoded-words, so
 * the value can never end its header line and start another (`Bcc:`…). Words hold at most 45 bytes of UTF-8
 * (60 base64 characters) and are folded onto continuation lines, within the 76-character rule.
 */
export function encodeHeaderValue(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}
