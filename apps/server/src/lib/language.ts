import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lyceum/shared/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import './request-actor.ts';

/**
 * The shipped language an `Accept-Language` header prefers most (`es-MX;q=0.9, ar;q=0.8` → es), or undefined
 * when it names none of them. `*` and languages we do not ship are passed over.
 */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    // Ties keep the earlier one: the header's own order.
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language;
}

/**
 * The language to answer a request in (docs/product.md, "Messages in the user's language"): the signed-in
 * person's own choice, else what the browser asks for, else their school's language, else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const actor = request.actor;
  return (
    (isLanguage(actor?.language) ? actor.language : undefined) ??
    acceptedLanguage(request.headers['accept-language']) ??
    actor?.school?.locale?.language ??
    DEFAULT_LANGUAGE
  );
}

/** `text` in the request's language, with the headers that say the answer depends on it. */
export function translateFor(request: FastifyRequest, reply: FastifyReply, text: string): string {
  const language = requestLanguage(request);
  markLanguage(reply, language);
  return translateTo(text, language);
}

/** A response whose words follow the request's language says so, for caches and clients. */
export function markLanguage(reply: FastifyReply, language: Language): void {
  reply.header('content-language', language);
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/\baccept-language\b/i.test(current))
    reply.header('vary', current ? `${current}, Accept-Language` : 'Accept-Language');
}
