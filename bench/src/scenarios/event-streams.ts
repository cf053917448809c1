import { like } from 'drizzle-orm';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { notifications } from '../../../apps/server/src/db/schema/index.ts';
import { withSystem } from '../../../apps/server/src/db/tenancy.ts';
import { createNotifications } from '../../../apps/server/src/modules/notifications/service.ts';
import type { MeasureEnv, Measured, Scenario, Session } from './index.ts';

/**
 * Event streams (docs/decisions/007-live-events.md): STREAMS signed-in users across many schools each hold GET /api/v1/events
 * open while notifications are created for random ones of them at a steady rate. The writer is this bench
 * process with its own connection, as another server process would be, so every event crosses
 * PostgreSQL's NOTIFY to the server's one listener, is re-read as its user and written to the stream.
 * Latency: from the start of the writing transaction to the event parsed by the client.
 */
const STREAMS = 200;
const PER_SECOND = 20;
const TITLE_PREFIX = 'bench event ';

interface Held {
  session: Session;
  userId: string;
  abort: AbortController;
}

async function holdStream(
  baseUrl: string,
  session: Session,
  onNotification: (title: string) => void,
): Promise<Held | string> {
  const me = await fetch(`${baseUrl}/api/v1/auth/me`, { headers: { cookie: session.cookie } });
  if (!me.ok) return `GET /auth/me → ${me.status}`;
  const userId = ((await me.json()) as { user: { id: string } }).user.id;
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events`, { headers: { cookie: session.cookie }, signal: abort.signal });
  if (!res.ok || !res.body) return `GET /events → ${res.status} ${await res.text()}`;
  void (async () => {
    const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += chunk.value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.startsWith('event: notification\n')) continue;
          const data = block.slice(block.indexOf('data: ') + 6);
          onNotification((JSON.parse(data) as { title: string }).title);
        }
      }
    } catch {
      // Aborted at the end of the scenario.
    }
  })();
  return { session, userId, abort };
}

export const eventStreams: Scenario = {
  name: `event streams (${STREAMS} held, ${PER_SECOND} notifications/s)`,
  connections: STREAMS,
  // docs/product.md, "Performance budgets" sets no latency budget for live events; RSS is still held to its 250 MB.
  budget: null,
  requests: () => [],
  async measure(env: MeasureEnv): Promise<Measured> {
    const { sessions } = env.ctx;
    const pool = [
      ...sessions.school_admin,
      ...sessions.principal,
      ...sessions.teacher,
      ...sessions.student,
      ...sessions.parent,
    ];
    const wanted = Math.min(env.smoke ? 15 : STREAMS, pool.length);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const onNotification = (title: string) => {
      const started = sentAt.get(title);
      if (started === undefined) return;
      latencies.push(performance.now() - started);
      sentAt.delete(title);
    };
    const problems: string[] = [];
    const held: Held[] = [];
    for (let i = 0; i < wanted; i += 20) {
      const batch = await Promise.all(
        pool.slice(i, Math.min(wanted, i + 20)).map((s) => holdStream(env.serverUrl, s, onNotification)),
      );
      for (const h of batch) typeof h === 'string' ? problems.push(h) : held.push(h);
    }
    const database = openDatabase({ kind: 'postgres', url: env.databaseUrl, poolSize: 4 });
    const rssWhileHeld: number[] = [];
    let sent = 0;
    try {
      const total = Math.max(1, Math.round(env.duration * PER_SECOND));
      const started = performance.now();
      for (let n = 0; n < total && held.length; n++) {
        // A steady rate: each write starts on its own tick, whatever the previous one took.
        const due = started + (n * 1000) / PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const target = held[(n * 7919) % held.length] as Held;
        const title = `${TITLE_PREFIX}${n}`;
        sentAt.set(title, performance.now());
        sent++;
        await withSystem(database.db, (tx) =>
          createNotifications(tx, [
            { schoolId: target.session.schoolId as string, userId: target.userId, type: 'other', title, body: '' },
          ]),
        );
        if (n % PER_SECOND === 0) rssWhileHeld.push(env.memory().rssMb);
      }
      // Let the last events arrive; whatever has not after 5 s counts as an error.
      const deadline = performance.now() + 5000;
      while (sentAt.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      for (const h of held) h.abort.abort();
      await withSystem(database.db, (tx) =>
        tx.delete(notifications).where(like(notifications.title, `${TITLE_PREFIX}%`)),
      );
      await database.close();
    }
    if (problems.length) console.error(`\n  event streams: ${problems.length} streams refused, e.g. ${problems[0]}`);
    if (sentAt.size) console.error(`\n  event streams: ${sentAt.size} of ${sent} notifications never arrived`);
    return {
      connections: held.length,
      latenciesMs: latencies,
      requests: latencies.length,
      errors: problems.length + sentAt.size,
      rssMb: Math.max(env.memory().rssMb, ...rssWhileHeld),
    };
  },
};
