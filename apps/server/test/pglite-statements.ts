import type { TestApp } from './helpers.ts';

/**
 * Statements the app's embedded PGlite runs whose text contains one of `markers`, counted from here on (every
 * statement, in a transaction or not, is parsed through the instance's execProtocolStream). PGlite only: a
 * PostgreSQL pool is reached by another path (tests using it run `it.runIf(!process.env.TEST_DATABASE_URL)`).
 */
export function countStatements(t: TestApp, markers: string[]): { count: () => number; stop: () => void } {
  const client = (
    t.app.deps.db as unknown as {
      session: { client: { execProtocolStream: (m: Uint8Array, o?: unknown) => unknown } };
    }
  ).session.client;
  const original = client.execProtocolStream;
  let n = 0;
  const decoder = new TextDecoder();
  client.execProtocolStream = function (this: unknown, message: Uint8Array, options?: unknown) {
    // A Parse message ('P') carries the statement's text.
    if (message[0] === 0x50) {
      const text = decoder.decode(message);
      if (markers.some((m) => text.includes(m))) n++;
    }
    return original.call(this, message, options);
  };
  return {
    count: () => n,
    stop: () => {
      client.execProtocolStream = original;
    },
  };
}
