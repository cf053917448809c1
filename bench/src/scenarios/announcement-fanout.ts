import http from 'node:http';
import { like, sql } from 'drizzle-orm';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { notifications, sessions } from '../../../apps/server/src/db/schema/index.ts';
import { withSystem } from '../../../apps/server/src/db/tenancy.ts';
import { createSession } from '../../../apps/server/src/modules/auth/sessions.ts';
import { createNotifications } from '../../../apps/server/src/modules/notifications/service.ts';
import { sha256 } from '../../../apps/server/src/lib/tokens.ts';
import type { MeasureEnv, Measured, Scenario } from './index.ts';

/**
 * Announcement fan-out (issue 14, "Scale of the stream"): AUDIENCE users of the biggest school each hold
 * GET /api/v1/events open on the one server process, then one announcement-like write reaches all of them:
 * one transaction creates a notification for every member through createNotifications, the path every
 * server writer takes, from this bench process's own connection (as another server process would). Each
 * round's latency runs from the start of that transaction to the LAST stream parsing its event; the goal is
 * under 1 s. RSS is reported before the streams open, while they are held, and after the fan-outs.
 *
 * Sessions are written straight into the database (as sign-in would, without 1 000 argon2id hashes the
 * scenario is not about) and removed afterwards with the notifications.
 */
const AUDIENCE = 1000;
const SMOKE_AUDIENCE = 30;
const GOAL_MS = 1000;
const TITLE_PREFIX = 'bench fan-out ';
/** A round whose last event has not arrived by then counts its missing deliveries as errors. */
const ROUND_TIMEOUT_MS = 15_000;

interface Member {
  userId: string;
  cookie: string;
  tokenHash: string;
}

interface Stream {
  close(): void;
}

/** One socket per stream, as 1 000 browsers would hold. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Opens one stream with node:http (a thousand fetch() bodies through web streams cost the bench process more
 * than the server, and the round's time would measure the client); `onEvent` gets each notification's title.
 */
function openStream(baseUrl: string, cookie: string, onEvent: (title: string) => void): Promise<Stream | string> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/api/v1/events`, { agent, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(`GET /events → ${res.statusCode}`);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.startsWith('event: notification\n')) continue;
          onEvent((JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { title: string }).title);
        }
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.on('error', (err) => resolve(`GET /events → ${err.message}`));
  });
}

export const announcementFanout: Scenario = {
  name: `announcement fan-out (${AUDIENCE} streams, 1 write)`,
  connections: AUDIENCE,
  budget: { p95Ms: GOAL_MS, label: `all delivered < ${GOAL_MS} ms (p95 of rounds)` },
  requests: () => [],
  async measure(env: MeasureEnv): Promise<Measured> {
    const database = openDatabase({ kind: 'postgres', url: env.databaseUrl, poolSize: 4 });
    const wanted = env.smoke ? SMOKE_AUDIENCE : AUDIENCE;
    const streams: Stream[] = [];
    const members: Member[] = [];
    const problems: string[] = [];
    const roundMs: number[] = [];
    const commitMs: number[] = [];
    let delivered = 0;
    let missing = 0;
    const rss = { before: env.memory().rssMb, held: 0, after: 0 };
    try {
      const school = await withSystem(database.db, async (tx) => {
        const r = await tx.execute<{ school_id: string }>(
          sql`select school_id from users where is_active and deleted_at is null and role in ('student', 'parent', 'teacher')
              group by school_id order by count(*) desc, school_id limit 1`,
        );
        return r.rows[0]?.school_id;
      });
      if (!school) throw new Error('no school with users');
      await withSystem(database.db, async (tx) => {
        const r = await tx.execute<{ id: string; account_id: string; role: 'student' | 'parent' | 'teacher' }>(
          sql`select id, account_id, role from users
              where school_id = ${school} and is_active and deleted_at is null and role in ('student', 'parent', 'teacher')
              order by role desc, id limit ${wanted}`,
        );
        for (const u of r.rows) {
          const token = await createSession(tx, {
            accountId: u.account_id,
            profile: { kind: 'school', id: u.id, schoolId: school, role: u.role },
            ttlDays: 1,
          });
          members.push({ userId: u.id, cookie: `lyceum_session=${token}`, tokenHash: sha256(token) });
        }
      });

      // The round under way: its title, how many streams still wait for it, and what to call when none do.
      const round = { title: '', waiting: 0, done: () => {} };
      const onEvent = (title: string) => {
        if (round.waiting === 0 || title !== round.title) return;
        delivered++;
        round.waiting--;
        if (round.waiting === 0) round.done();
      };
      for (let i = 0; i < members.length; i += 50) {
        const batch = await Promise.all(
          members.slice(i, i + 50).map((m) => openStream(env.serverUrl, m.cookie, onEvent)),
        );
        for (const s of batch) typeof s === 'string' ? problems.push(s) : streams.push(s);
      }
      rss.held = env.memory().rssMb;

      const rounds = env.smoke ? 1 : Math.max(3, Math.round(env.duration / 2));
      for (let n = 0; n < rounds && streams.length; n++) {
        const title = `${TITLE_PREFIX}${n}`;
        const finished = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ROUND_TIMEOUT_MS);
          Object.assign(round, {
            title,
            waiting: streams.length,
            done: () => {
              clearTimeout(timer);
              resolve(true);
            },
          });
        });
        const started = performance.now();
        await withSystem(database.db, (tx) =>
          createNotifications(
            tx,
            members.map((m) => ({ schoolId: school, userId: m.userId, type: 'announcement', title, body: 'Bench' })),
          ),
        );
        commitMs.push(performance.now() - started);
        const allArrived = await finished;
        roundMs.push(performance.now() - started);
        if (!allArrived) missing += round.waiting;
        round.waiting = 0;
        // Let the server settle between rounds, as announcements are minutes apart in life.
        await new Promise((r) => setTimeout(r, 500));
      }
      rss.after = env.memory().rssMb;
    } finally {
      for (const s of streams) s.close();
      await withSystem(database.db, async (tx) => {
        await tx.delete(notifications).where(like(notifications.title, `${TITLE_PREFIX}%`));
        for (const m of members) await tx.delete(sessions).where(sql`${sessions.tokenHash} = ${m.tokenHash}`);
      });
      await database.close();
    }
    console.log(
      `\n  fan-out: ${streams.length} streams; all delivered in ${roundMs.map((ms) => ms.toFixed(0)).join(', ')} ms` +
        ` (goal < ${GOAL_MS}; the write committed after ${commitMs.map((ms) => ms.toFixed(0)).join(', ')} ms); server RSS ${rss.before.toFixed(0)} MB before the streams, ${rss.held.toFixed(0)} MB` +
        ` with them open, ${rss.after.toFixed(0)} MB after the fan-outs`,
    );
    if (problems.length) console.error(`\n  fan-out: ${problems.length} streams refused, e.g. ${problems[0]}`);
    if (missing) console.error(`\n  fan-out: ${missing} deliveries never arrived`);
    return {
      connections: streams.length,
      latenciesMs: roundMs,
      requests: delivered,
      errors: problems.length + missing,
      rssMb: Math.max(rss.held, rss.after),
    };
  },
};
