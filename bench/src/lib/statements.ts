import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'autocannon';
import { startServer } from './server.ts';

/** One statement as the server's pool sent it (apps/server/src/db/client.ts, STATEMENT_CAPTURE_FILE). */
export interface CapturedStatement {
  /** The PostgreSQL backend that ran it: a request's statements share one (its tenant transaction). */
  pid: number;
  text: string;
  values: unknown[];
  /** Statements of the same connection still unanswered when it was sent: above 0, it was pipelined. */
  pending: number;
}

/** The statements of one request, in the order they were sent. */
export type RequestStatements = CapturedStatement[];

/**
 * Starts a second server on the same database with statement capture on, sends each request twice (the first
 * fills the session cache and the server's lazily built serialisers, as a warm run has them) and keeps what
 * the second one sent (or a third: below). Requests go one at a time, so what the capture file gains in
 * between is that request's.
 */
export async function captureStatements(
  databaseUrl: string,
  dataDir: string,
  groups: { name: string; requests: Request[] }[],
): Promise<Map<string, RequestStatements[]>> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lyceum-bench-capture-')), 'statements.jsonl');
  writeFileSync(file, '');
  const server = await startServer(databaseUrl, { DATA_DIR: dataDir, STATEMENT_CAPTURE_FILE: file }, { build: false });
  const out = new Map<string, RequestStatements[]>();
  try {
    for (const group of groups) {
      const captured: RequestStatements[] = [];
      for (const r of group.requests) {
        const send = async () => {
          const res = await fetch(server.url + r.path, { method: r.method, headers: r.headers, body: r.body });
          await res.arrayBuffer();
          return res.ok;
        };
        const sendAndRead = async (): Promise<RequestStatements | null> => {
          const from = statSync(file).size;
          if (!(await send())) return null;
          const lines = readFileSync(file).subarray(from).toString('utf8').split('\n').filter(Boolean);
          return withoutOpenTransactions(lines.map((l) => JSON.parse(l) as CapturedStatement));
        };
        if (!(await send())) continue;
        let statements = await sendAndRead();
        // The server keeps an answer for ANSWER_CACHE_MS and drops it on any change noted in its school (a
        // background job's too): a second send that came just after one of those read the database though a warm
        // run answers it from memory. When a third, sent at once, sends nothing, that is what the request costs.
        if (statements?.length) {
          const third = await sendAndRead();
          if (third && third.length === 0) statements = third;
        }
        if (statements) captured.push(statements);
      }
      out.set(group.name, captured);
    }
  } finally {
    await server.stop();
  }
  return out;
}

/**
 * Drops a transaction still open when the response came back: not the request's (it commits before it
 * answers) but a background job's that began in the window (a sweep, the mail outbox).
 */
function withoutOpenTransactions(statements: RequestStatements): RequestStatements {
  const openSince = new Map<number, number>();
  statements.forEach((s, i) => {
    if (/^\s*begin\b/i.test(s.text)) openSince.set(s.pid, i);
    else if (/^\s*(commit|rollback)\b/i.test(s.text)) openSince.delete(s.pid);
  });
  return statements.filter((s, i) => !(openSince.has(s.pid) && i >= (openSince.get(s.pid) as number)));
}

/** Up to `count` requests spread evenly over the list (a scenario's list is its kinds of request one after another). */
export function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T);
}
