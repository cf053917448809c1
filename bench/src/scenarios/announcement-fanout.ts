import http from 'node:http';
import { like, sql } from 'drizzle-orm';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { announcements, notifications, sessions } from '../../../apps/server/src/db/schema/index.ts';
import { withSystem } from '../../../apps/server/src/db/tenancy.ts';
import { createSession } from '../../../apps/server/src/modules/auth/sessions.ts';
import { sha256 } from '../../../apps/server/src/lib/tokens.ts';
import type { MeasureEnv, Measured, Scenario } from './index.ts';

/**
 * Announcement fan-out (issue 14, "Scale of the stream"): AUDIENCE users of the biggest school each hold
 * GET /api/v1/events open on the one server process, then the school's administrator publishes a real
 * announcement to everyone (`POST /api/v1/announcements`, audience `all`): one role-wide notification and one
 * announcement event reach every stream, each re-read as its user. A round's latency runs from the POST to
 * the LAST stream holding both events; the goal is under 1 s. RSS is reported before the streams open, while
 * they are held, and after the rounds.
 *
 * Sessions are written straight into the database (as sign-in would, without 1 000 argon2id hashes the
 * scenario is not about) and removed afterwards with the announcements and their notifications.
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
}

interface Stream {
  close(): void;
}

/** One socket per stream, as 1 000 browsers would hold. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Opens one stream with node:http (a thousand fetch() bodies through web streams cost the bench process more
 * than the server, and the round's time would measure the client); `onEvent` gets each event's kind and title.
 */
function openStream(
  baseUrl: string,
  cookie: string,
  onEvent: (kind: 'notification' | 'announcement', title: string) => void,
): Promise<Stream | string> {
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
          const kind = block.startsWith('event: notification\n')
            ? 'notification'
            : block.startsWith('event: announcement\n')
              ? 'announcement'
              : null;
          if (!kind) continue;
          onEvent(kind, (JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { title: string }).title);
        }
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.on('error', (err) => resolve(`GET /events → ${err.message}`));
  });
}

/** What one stream has received of the round under way. */
interface Received {
  notification: boolean;
  announcement: boolean;
}

export const announcementFanout: Scenario = {
  name: `announcement fan-out (${AUDIENCE} streams, 1 announcement)`,
  connections: AUDIENCE,
  budget: { p95Ms: GOAL_MS, label: `all delivered < ${GOAL_MS} ms (p95 of rounds)` },
  requests: () => [],
  async measure(env: MeasureEnv): Promise<Measured> {
    const database = openDatabase({ kind: 'postgres', url: env.databaseUrl, poolSize: 4 });
    const wanted = env.smoke ? SMOKE_AUDIENCE : AUDIENCE;
    const streams: Stream[] = [];
    const members: Member[] = [];
    const tokenHashes: string[] = [];
    const problems: string[] = [];
    const roundMs: number[] = [];
    const postMs: number[] = [];
    const lastNotificationMs: number[] = [];
    const lastAnnouncementMs: number[] = [];
    let delivered = 0;
    let missing = 0;
    const rss = { before: env.memory().rssMb, held: 0, after: 0 };
    try {
      const school = await withSystem(database.db, async (tx) => {
        const r = await tx.execute<{ school_id: string; admin_id: string }>(
          sql`select u.school_id, s.admin_ids[1] as admin_id from users u join schools s on s.id = u.school_id
              where u.is_active and u.deleted_at is null and u.role in ('student', 'parent', 'teacher')
              group by u.school_id, s.admin_ids order by count(*) desc, u.school_id limit 1`,
        );
        return r.rows[0];
      });
      if (!school) throw new Error('no school with users');
      const adminCookie = await withSystem(database.db, async (tx) => {
        const r = await tx.execute<{ id: string; account_id: string; role: 'student' | 'parent' | 'teacher' }>(
          sql`select id, account_id, role from users
              where school_id = ${school.school_id} and is_active and deleted_at is null and role in ('student', 'parent', 'teacher')
              order by role desc, id limit ${wanted}`,
        );
        const session = async (
          u: { id: string; account_id: string },
          role: 'student' | 'parent' | 'teacher' | 'school_admin',
        ) => {
          const token = await createSession(tx, {
            accountId: u.account_id,
            profile: { kind: 'school', id: u.id, schoolId: school.school_id, role },
            ttlDays: 1,
          });
          tokenHashes.push(sha256(token));
          return `lyceum_session=${token}`;
        };
        for (const u of r.rows) members.push({ userId: u.id, cookie: await session(u, u.role) });
        // A school smaller than the audience: some members hold a second stream, as a second tab would.
        for (let i = 0; members.length < wanted && i < r.rows.length; i++) members.push(members[i] as Member);
        const admin = await tx.execute<{ id: string; account_id: string }>(
          sql`select id, account_id from users where school_id = ${school.school_id} and id = ${school.admin_id}`,
        );
        if (!admin.rows[0]) throw new Error('the school has no administrator');
        return session(admin.rows[0], 'school_admin');
      });

      // The round under way: its title, what each stream has received of it, and what to call when all have both.
      const round = { title: '', started: 0, waiting: 0, lastNotification: 0, lastAnnouncement: 0, done: () => {} };
      const received: Received[] = [];
      const listen = (i: number) => (kind: 'notification' | 'announcement', title: string) => {
        const got = received[i] as Received;
        if (round.waiting === 0 || got[kind] || !title.includes(round.title)) return;
        got[kind] = true;
        delivered++;
        if (kind === 'notification') round.lastNotification = performance.now();
        else round.lastAnnouncement = performance.now();
        if (got.notification && got.announcement && --round.waiting === 0) round.done();
      };
      for (let i = 0; i < members.length; i += 50) {
        const batch = await Promise.all(
          members.slice(i, i + 50).map((m, j) => {
            received[i + j] = { notification: false, announcement: false };
            return openStream(env.serverUrl, m.cookie, listen(i + j));
          }),
        );
        for (const s of batch) typeof s === 'string' ? problems.push(s) : streams.push(s);
      }
      rss.held = env.memory().rssMb;

      const rounds = env.smoke ? 1 : Math.max(3, Math.round(env.duration / 2));
      for (let n = 0; n < rounds && streams.length === members.length; n++) {
        const title = `${TITLE_PREFIX}${n}`;
        for (const r of received) Object.assign(r, { notification: false, announcement: false });
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
        const res = await fetch(`${env.serverUrl}/api/v1/announcements`, {
          method: 'POST',
          headers: { cookie: adminCookie, 'content-type': 'application/json' },
          body: JSON.stringify({ title, body: 'Published by the Lyceum bench.', audience: ['all'] }),
        });
        if (!res.ok) throw new Error(`POST /announcements → ${res.status} ${await res.text()}`);
        postMs.push(performance.now() - started);
        const allArrived = await finished;
        roundMs.push(performance.now() - started);
        lastNotificationMs.push(round.lastNotification - started);
        lastAnnouncementMs.push(round.lastAnnouncement - started);
        if (!allArrived) missing += round.waiting;
        round.waiting = 0;
        // Let the server settle between rounds, as announcements are minutes apart in life.
        await new Promise((r) => setTimeout(r, 500));
      }
      rss.after = env.memory().rssMb;
    } finally {
      for (const s of streams) s.close();
      await withSystem(database.db, async (tx) => {
        await tx.delete(announcements).where(like(announcements.title, `${TITLE_PREFIX}%`));
        await tx.delete(notifications).where(like(notifications.title, `%${TITLE_PREFIX}%`));
        for (const hash of tokenHashes) await tx.delete(sessions).where(sql`${sessions.tokenHash} = ${hash}`);
      });
      await database.close();
    }
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log(
      `\n  fan-out: ${streams.length} streams; all delivered in ${ms(roundMs)} ms (goal < ${GOAL_MS}; max ${Math.max(...roundMs).toFixed(0)});` +
        ` the POST answered after ${ms(postMs)} ms; last notification ${ms(lastNotificationMs)} ms, last announcement ${ms(lastAnnouncementMs)} ms;` +
        ` server RSS ${rss.before.toFixed(0)} MB before the streams, ${rss.held.toFixed(0)} MB with them open, ${rss.after.toFixed(0)} MB after the rounds`,
    );
    if (problems.length) console.error(`\n  fan-out: ${problems.length} streams refused, e.g. ${problems[0]}`);
    if (missing) console.error(`\n  fan-out: ${missing} streams never got both events`);
    return {
      connections: streams.length,
      latenciesMs: roundMs,
      requests: delivered,
      errors: problems.length + missing,
      rssMb: Math.max(rss.held, rss.after),
    };
  },
};
