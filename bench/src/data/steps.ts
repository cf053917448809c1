import type pg from 'pg';
import { BENCH_EMAIL_SUFFIX, type DataPlan } from './plan.ts';

/**
 * The generator's steps, in order. Each feature adds its tables here, in one place: a step writes its rows
 * with bulk SQL (generate_series / unnest, never a row per round trip) and returns the counts it wrote.
 * All ids are md5(seed:key) UUIDs so a step can find the rows of earlier steps without reading them back.
 * Later steps (as their issues land): classes and subjects, timetables, a year of daily attendance, marks, fees.
 */
export interface StepContext {
  client: pg.Client;
  plan: DataPlan;
  seed: string;
  passwordHash: string;
}

export interface GeneratorStep {
  name: string;
  run(ctx: StepContext): Promise<Record<string, number>>;
}

const ROLE_PREFIX = `case p.role when 'school_admin' then 'school-admin' else p.role end`;

/** One row per school with its planned head counts, as a SQL relation `plan`. */
function planRelation(plan: DataPlan): { sql: string; params: unknown[] } {
  const s = plan.schools;
  return {
    sql: `select * from unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[])
            as t(idx, name, domain, students, teachers, parents, school_admins, principals)`,
    params: [
      s.map((x) => x.idx),
      s.map((x) => x.name),
      s.map((x) => x.domain),
      s.map((x) => x.students),
      s.map((x) => x.teachers),
      s.map((x) => x.parents),
      s.map((x) => x.schoolAdmins),
      s.map((x) => x.principals),
    ],
  };
}

const schoolId = (idxExpr: string) => `md5($1::text || ':school:' || ${idxExpr})::uuid`;

export const steps: GeneratorStep[] = [
  {
    name: 'schools',
    async run({ client, plan, seed }) {
      const rel = planRelation(plan);
      const res = await client.query(
        `insert into schools (id, name, address, phone, email, principal_name, is_active, created_at, updated_at)
         select ${schoolId('t.idx')}, t.name, t.idx || ' School Street, Bench City', '+1 555 ' || lpad(t.idx::text, 4, '0'),
                'office@' || t.domain, 'Principal ' || t.idx, true,
                now() - make_interval(days => 400 + t.idx % 200), now() - make_interval(days => t.idx % 30)
         from (${rel.sql}) t`,
        [seed, ...rel.params],
      );
      return { schools: res.rowCount ?? 0 };
    },
  },
  {
    name: 'subscriptions',
    async run({ client, seed }) {
      // One active, paid Standard subscription per school, started within the last year, ending in the future.
      const res = await client.query(
        `insert into school_subscriptions (school_id, id, plan_id, start_date, end_date, status, auto_renew, payment_status,
           billing_cycle, total_amount_minor, currency, subscription_type, is_initial)
         select s.id, md5($1::text || ':subscription:' || s.id)::uuid, p.id,
                now() - make_interval(days => (abs(hashtext(s.id::text)) % 300)),
                now() + make_interval(days => 65 + (abs(hashtext(s.id::text)) % 300)),
                'active', true, 'paid', 'monthly', p.price_minor, p.currency, 'initial', true
         from schools s cross join (select id, price_minor, currency from plans where name = 'Standard') p`,
        [seed],
      );
      if (!res.rowCount) throw new Error('The Standard plan is not seeded');
      return { school_subscriptions: res.rowCount };
    },
  },
  {
    name: 'people',
    async run({ client, plan, seed, passwordHash }) {
      const rel = planRelation(plan);
      // Every school person: role, number within the role, e-mail and a deterministic name.
      await client.query(
        `create temp table bench_people on commit drop as
         select t.idx, ${schoolId('t.idx')} as school_id, r.role, g.n,
                (${ROLE_PREFIX.replace(/p\.role/g, 'r.role')}) || g.n || '@' || t.domain as email
         from (${rel.sql}) t
         cross join lateral (values ('school_admin', t.school_admins), ('principal', t.principals),
           ('teacher', t.teachers), ('student', t.students), ('parent', t.parents)) r(role, cnt)
         cross join lateral generate_series(1, r.cnt) g(n)`,
        [seed, ...rel.params],
      );
      const names = `(array['Ava','Ben','Chloe','Dev','Ella','Finn','Grace','Hugo','Isla','Jack','Kai','Lena','Milo','Nora',
        'Omar','Priya','Quinn','Rosa','Sam','Tara','Uma','Vik','Wen','Yara','Zoe'])[1 + abs(hashtext(p.email)) % 25]
        || ' ' || (array['Adams','Brown','Chen','Diaz','Evans','Fischer','Garcia','Hughes','Ito','Jones','Khan','Lopez',
        'Miller','Nguyen','Okafor','Patel','Rossi','Smith','Taylor','Umar','Varga','Wilson','Young','Zhang'])[1 + abs(hashtext(p.email || 'x')) % 24]`;
      const accounts = await client.query(
        `insert into accounts (id, email, password_hash, last_login_at, created_at, updated_at)
         select md5($1::text || ':account:' || p.email)::uuid, p.email, $2,
                case when p.n % 3 = 0 then null else now() - make_interval(hours => p.n % 500) end,
                now() - make_interval(days => 300), now() - make_interval(days => p.n % 60)
         from bench_people p`,
        [seed, passwordHash],
      );
      const users = await client.query(
        `insert into users (school_id, id, account_id, name, email, phone, role, is_active, last_login_at, created_at, updated_at)
         select p.school_id, md5($1::text || ':user:' || p.email)::uuid, md5($1::text || ':account:' || p.email)::uuid,
                ${names}, p.email, '+1 555 ' || lpad((abs(hashtext(p.email)) % 10000)::text, 4, '0'), p.role,
                p.n % 200 <> 0, -- one in 200 deactivated
                case when p.n % 3 = 0 then null else now() - make_interval(hours => p.n % 500) end,
                now() - make_interval(days => 300), now() - make_interval(days => p.n % 60)
         from bench_people p`,
        [seed],
      );
      await client.query(
        `update schools s set admin_ids = a.ids
         from (select school_id, array_agg(md5($1::text || ':user:' || email)::uuid order by n) ids
               from bench_people where role = 'school_admin' group by school_id) a
         where a.school_id = s.id`,
        [seed],
      );
      const companyRoles = plan.company.flatMap((c) => Array.from({ length: c.count }, (_, i) => [c.role, i + 1] as const));
      const staffRows = companyRoles.map(([role, n]) => ({ role, email: `${role.replace('_', '-')}${n}@company${BENCH_EMAIL_SUFFIX}` }));
      await client.query(
        `insert into accounts (id, email, password_hash, created_at, updated_at)
         select md5($1::text || ':account:' || e)::uuid, e, $2, now() - make_interval(days => 500), now()
         from unnest($3::text[]) e`,
        [seed, passwordHash, staffRows.map((r) => r.email)],
      );
      const staff = await client.query(
        `insert into company_staff (id, account_id, name, email, role)
         select md5($1::text || ':staff:' || t.email)::uuid, md5($1::text || ':account:' || t.email)::uuid,
                initcap(replace(split_part(t.email, '@', 1), '-', ' ')), t.email, t.role
         from unnest($2::text[], $3::text[]) t(email, role)`,
        [seed, staffRows.map((r) => r.email), staffRows.map((r) => r.role)],
      );
      return {
        accounts: (accounts.rowCount ?? 0) + staffRows.length,
        users: users.rowCount ?? 0,
        company_staff: staff.rowCount ?? 0,
      };
    },
  },
  {
    name: 'notifications',
    async run({ client, seed }) {
      // Staff get 4, students and parents 1 each; older ones read.
      const res = await client.query(
        `insert into notifications (school_id, id, user_id, type, title, body, read_at, created_at)
         select u.school_id, md5($1::text || ':notification:' || u.id || ':' || g.k)::uuid, u.id,
                (array['announcement','fee','attendance','event'])[1 + g.k % 4],
                'Notice ' || g.k || ' for ' || u.name, 'Generated by the Lyceum bench.',
                case when g.k > 1 then now() - make_interval(days => g.k) end,
                now() - make_interval(days => g.k * 3, hours => abs(hashtext(u.id::text)) % 24)
         from users u
         cross join lateral generate_series(1, case when u.role in ('student', 'parent') then 1 else 4 end) g(k)`,
        [seed],
      );
      return { notifications: res.rowCount ?? 0 };
    },
  },
  {
    name: 'audit log',
    async run({ client, seed }) {
      const res = await client.query(
        `insert into audit_log (id, school_id, actor_account_id, actor_role, action, entity, entity_id, after, created_at)
         select md5($1::text || ':audit:' || s.id || ':' || g.k)::uuid, s.id, u.account_id, 'school_admin',
                (array['school.update','user.create','user.update','subscription.renew'])[1 + g.k % 4], 'school', s.id,
                jsonb_build_object('k', g.k), now() - make_interval(days => g.k * 7)
         from schools s
         join users u on u.school_id = s.id and u.id = s.admin_ids[1]
         cross join generate_series(1, 10) g(k)`,
        [seed],
      );
      return { audit_log: res.rowCount ?? 0 };
    },
  },
  {
    name: 'subscription history and payments',
    async run({ client, seed }) {
      // Each school started on Basic a year ago (now cancelled) and upgraded to its current Standard plan.
      const initial = await client.query(
        `insert into school_subscriptions (school_id, id, plan_id, start_date, end_date, status, payment_status, billing_cycle,
           total_amount_minor, plan_amount_minor, currency, subscription_type, is_initial, change_kind, created_at)
         select s.school_id, md5($1::text || ':initial-subscription:' || s.school_id)::uuid, b.id,
                now() - interval '395 days', s.start_date, 'cancelled', 'paid', 'monthly', b.price_minor, b.price_minor,
                b.currency, 'initial', true, 'new', now() - interval '395 days'
         from school_subscriptions s cross join (select id, price_minor, currency from plans where name = 'Basic') b
         where s.status = 'active'`,
        [seed],
      );
      await client.query(
        `update school_subscriptions s set subscription_type = 'current', is_initial = false, change_kind = 'upgrade',
           plan_amount_minor = s.total_amount_minor,
           previous_subscription_id = md5($1::text || ':initial-subscription:' || s.school_id)::uuid
         where s.status = 'active'`,
        [seed],
      );
      // Twelve monthly payments per school (the last one pending for one school in ten).
      const payments = await client.query(
        `insert into subscription_payments (school_id, id, subscription_id, method, reference, amount_minor, currency, status,
           provider, idempotency_key, receipt_number, decided_at, created_at, updated_at)
         select s.school_id, md5($1::text || ':payment:' || s.school_id || ':' || g.m)::uuid,
                case when g.m = 0 then s.id else s.previous_subscription_id end,
                (array['bank_transfer','card','cash','cheque'])[1 + g.m % 4], 'BENCH-' || g.m,
                s.total_amount_minor, s.currency,
                case when g.m = 0 and abs(hashtext(s.school_id::text)) % 10 = 0 then 'pending' else 'confirmed' end,
                'manual', 'bench-' || g.m, 'RCP-BENCH-' || lpad(g.m::text, 2, '0'),
                now() - make_interval(days => g.m * 30), now() - make_interval(days => g.m * 30 + 1),
                now() - make_interval(days => g.m * 30)
         from school_subscriptions s cross join generate_series(0, 11) g(m)
         where s.status = 'active'`,
        [seed],
      );
      const requests = await client.query(
        `insert into addon_requests (school_id, id, addon_id, status, message, created_at)
         select s.id, md5($1::text || ':addon-request:' || s.id)::uuid, a.id, 'pending', 'Generated by the Lyceum bench.',
                now() - make_interval(days => abs(hashtext(s.id::text)) % 20)
         from schools s cross join (select id from addons where name = 'SMS') a
         where abs(hashtext(s.id::text)) % 5 = 0`,
        [seed],
      );
      const leads = await client.query(
        `insert into sales_leads (school_id, id, kind, name, email, message, created_at)
         select s.id, md5($1::text || ':lead:' || s.id)::uuid, 'contact_sales', 'Principal of ' || s.name, s.email,
                'Generated by the Lyceum bench.', now() - make_interval(days => abs(hashtext(s.id::text)) % 40)
         from schools s where abs(hashtext(s.id::text)) % 7 = 0`,
        [seed],
      );
      return {
        school_subscriptions: initial.rowCount ?? 0,
        subscription_payments: payments.rowCount ?? 0,
        addon_requests: requests.rowCount ?? 0,
        sales_leads: leads.rowCount ?? 0,
      };
    },
  },
];
