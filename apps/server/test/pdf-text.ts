import { inflateSync } from 'node:zlib';

/**
 * A PDF's streams, inflated: each read by the /Length its dictionary gives, as pdfkit writes it
 * ("stream\n", the bytes, "\nendstream"); reading up to "endstream" instead would take a compressed stream
 * ending in a carriage-return byte for the line's end and lose that stream.
 */
export function pdfStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[\s\S]*?>>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {}
  }
  return streams;
}

/** The text a PDF shows: its content streams inflated, the hex strings of the built-in fonts decoded. */
export function pdfText(pdf: Buffer): string {
  const pieces: string[] = [];
  for (const content of pdfStreams(pdf)) {
    for (const shown of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hexes = [...(shown[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '');
      pieces.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return pieces.join('\n');
}
