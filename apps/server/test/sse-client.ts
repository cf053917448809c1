import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a browser's EventSource would hand it over. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A real HTTP client for `GET /api/v1/events` (app.inject cannot read a response that never ends): reads the
 * stream as it arrives and parses it the way EventSource does (an event ends at a blank line; `:` starts a
 * comment).
 */
export interface SseStream {
  status: number;
  headers: Headers;
  /** The body of a refused request (a JSON error), or '' for an open stream. */
  errorBody: string;
  events: SseEvent[];
  comments: string[];
  /** The last `retry:` hint (the browser's reconnect delay in ms), if any. */
  retry: number | null;
  /** The next event named `name` not yet taken by an earlier call, waiting for it if needed. */
  next(name: string): Promise<SseEvent>;
  /** Waits for a comment line `text` (e.g. the heartbeat) that arrives after this call. */
  nextComment(text: string): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function listenUrl(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** `headers`: more request headers (an `x-forwarded-for` behind a trusted proxy, to come from another address). */
export async function openStream(
  baseUrl: string,
  cookie: string | null,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events`, {
    headers: { accept: 'text/event-stream', ...headers, ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  const taken = new Set<number>();
  let wake: () => void = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };
  let done = !res.ok || !res.body;
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    errorBody: done ? await res.text() : '',
    events: [],
    comments: [],
    retry: null,
    async next(name) {
      for (;;) {
        const index = stream.events.findIndex((e, i) => e.event === name && !taken.has(i));
        if (index >= 0) {
          taken.add(index);
          return stream.events[index] as SseEvent;
        }
        if (done) throw new Error(`the stream ended (status ${res.status}) before a "${name}" event`);
        await changed;
      }
    },
    async nextComment(text) {
      const count = () => stream.comments.filter((c) => c === text).length;
      const seen = count();
      while (count() === seen) {
        if (done) throw new Error(`the stream ended (status ${res.status}) before a "${text}" comment`);
        await changed;
      }
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  if (done || !res.body) return stream;

  const parse = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      else if (line.startsWith('retry:')) stream.retry = Number(line.slice(6));
    }
    if (data.length) stream.events.push({ event, data: data.join('\n') });
  };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
        notify();
      }
    } catch {
      // Aborted by close(): the stream is over either way.
    }
    done = true;
    notify();
  })();
  return stream;
}
