import type pg from 'pg';
import { BENCH_EMAIL_SUFFIX, type DataPlan } from './plan.ts';

/**
 * The generator's steps, in order. Each feature adds its tables here, in one place: a step writes its rows
 * with bulk SQL (generate_series / unnest, never a row per round trip) and returns the counts it wrote.
 * All ids are pg_temp.bench_id(seed:key) (data/plan.ts) so a step can find the rows of earlier steps without
 * reading them back, and a scenario can name any row.
 * Later steps (as their issues land): marks, fees.
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

/** Students per class: the attendance budget is for submitting a 40-student class. */
export const CLASS_SIZE = 40;

const schoolId = (idxExpr: string) => `pg_temp.bench_id($1::text || ':school:' || ${idxExpr})`;

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
         select s.id, pg_temp.bench_id($1::text || ':subscription:' || s.id), p.id,
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
         select pg_temp.bench_id($1::text || ':account:' || p.email), p.email, $2,
                case when p.n % 3 = 0 then null else now() - make_interval(hours => p.n % 500) end,
                now() - make_interval(days => 300), now() - make_interval(days => p.n % 60)
         from bench_people p`,
        [seed, passwordHash],
      );
      const users = await client.query(
        `insert into users (school_id, id, account_id, name, email, phone, role, is_active, last_login_at, created_at, updated_at)
         select p.school_id, pg_temp.bench_id($1::text || ':user:' || p.email), pg_temp.bench_id($1::text || ':account:' || p.email),
                ${names}, p.email, '+1 555 ' || lpad((abs(hashtext(p.email)) % 10000)::text, 4, '0'), p.role,
                p.n % 200 <> 0, -- one in 200 deactivated
                case when p.n % 3 = 0 then null else now() - make_interval(hours => p.n % 500) end,
                now() - make_interval(days => 300), now() - make_interval(days => p.n % 60)
         from bench_people p`,
        [seed],
      );
      await client.query(
        `update schools s set admin_ids = a.ids
         from (select school_id, array_agg(pg_temp.bench_id($1::text || ':user:' || email) order by n) ids
               from bench_people where role = 'school_admin' group by school_id) a
         where a.school_id = s.id`,
        [seed],
      );
      const companyRoles = plan.company.flatMap((c) => Array.from({ length: c.count }, (_, i) => [c.role, i + 1] as const));
      const staffRows = companyRoles.map(([role, n]) => ({ role, email: `${role.replace('_', '-')}${n}@company${BENCH_EMAIL_SUFFIX}` }));
      await client.query(
        `insert into accounts (id, email, password_hash, created_at, updated_at)
         select pg_temp.bench_id($1::text || ':account:' || e), e, $2, now() - make_interval(days => 500), now()
         from unnest($3::text[]) e`,
        [seed, passwordHash, staffRows.map((r) => r.email)],
      );
      const staff = await client.query(
        `insert into company_staff (id, account_id, name, email, role)
         select pg_temp.bench_id($1::text || ':staff:' || t.email), pg_temp.bench_id($1::text || ':account:' || t.email),
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
    name: 'classes, profiles',
    async run({ client, seed }) {
      // Per school: 8 subjects; a class per 40 students (Grade 1..n, sections A/B; the attendance budget is
      // for a 40-student class); students in number order, rolls 1..40; every teacher a profile with two subjects; each class one class teacher and two subject
      // teachers; parents linked so that four parents serve five students (siblings share).
      const num = `substring(u.email from '^[a-z-]+([0-9]+)@')::int`;
      const subjects = await client.query(
        `insert into subjects (school_id, id, name, code)
         select s.id, pg_temp.bench_id($1::text || ':subject:' || s.id || ':' || g.k),
                (array['Mathematics','English','Science','History','Geography','Art','Music','Physical Education'])[g.k],
                (array['MATH','ENG','SCI','HIST','GEO','ART','MUS','PE'])[g.k]
         from schools s cross join generate_series(1, 8) g(k)`,
        [seed],
      );
      await client.query(
        `create temp table bench_students on commit drop as
         select u.school_id, u.id, ${num} as n from users u where u.role = 'student'`,
      );
      await client.query(`create temp table bench_teachers on commit drop as
         select u.school_id, u.id, ${num} as n, count(*) over (partition by u.school_id) as total
         from users u where u.role = 'teacher'`);
      const classes = await client.query(
        `insert into classes (school_id, id, name, section, academic_year)
         select c.school_id, pg_temp.bench_id($1::text || ':class:' || c.school_id || ':' || c.k),
                'Grade ' || (1 + c.k / 2), (array['A','B'])[1 + c.k % 2],
                extract(year from now())::int || '-' || (extract(year from now())::int + 1)
         from (select school_id, generate_series(0, (max(n) - 1) / ${CLASS_SIZE}) k from bench_students group by school_id) c`,
        [seed],
      );
      const classId = (k: string) => `pg_temp.bench_id($1::text || ':class:' || x.school_id || ':' || ${k})`;
      const subjectId = (k: string) => `pg_temp.bench_id($1::text || ':subject:' || x.school_id || ':' || ${k})`;
      const classSubjects = await client.query(
        `insert into class_subjects (school_id, id, class_id, subject_id)
         select x.school_id, pg_temp.bench_id($1::text || ':class-subject:' || x.id || ':' || g.k), x.id, ${subjectId('g.k')}
         from classes x cross join generate_series(1, 8) g(k)
         where x.school_id in (select school_id from bench_students)`,
        [seed],
      );
      const teachers = await client.query(
        `insert into teachers (school_id, id, qualification, experience, subject_ids)
         select x.school_id, x.id, (array['BEd','MEd','MSc','BA','PhD'])[1 + x.n % 5], x.n % 25,
                array[${subjectId('1 + x.n % 8')}, ${subjectId('1 + (x.n + 3) % 8')}]
         from bench_teachers x`,
        [seed],
      );
      const classTeachers = await client.query(
        `insert into class_teachers (school_id, id, class_id, teacher_id, subject_ids, is_class_teacher)
         select x.school_id, pg_temp.bench_id($1::text || ':class-teacher:' || c.k || ':' || x.id), ${classId('c.k')}, x.id,
                array[${subjectId('1 + x.n % 8')}], c.slot = 0
         from (select school_id, k, slot from (select school_id, generate_series(0, (max(n) - 1) / ${CLASS_SIZE}) k from bench_students group by school_id) c0
               cross join generate_series(0, 2) slot) c
         join bench_teachers x on x.school_id = c.school_id and x.n = 1 + (c.k * 3 + c.slot) % x.total
         on conflict do nothing`,
        [seed],
      );
      const students = await client.query(
        `insert into students (school_id, id, class_id, roll_number, academic_year)
         select x.school_id, x.id, ${classId(`(x.n - 1) / ${CLASS_SIZE}`)}, 1 + (x.n - 1) % ${CLASS_SIZE},
                extract(year from now())::int || '-' || (extract(year from now())::int + 1)
         from bench_students x`,
        [seed],
      );
      await client.query(
        `update users u set class_id = s.class_id from students s where s.school_id = u.school_id and s.id = u.id`,
      );
      const parents = await client.query(
        `insert into parents (school_id, id, relationship)
         select u.school_id, u.id, (array['Mother','Father','Guardian'])[1 + ${num} % 3] from users u where u.role = 'parent'`,
      );
      const links = await client.query(
        `insert into student_parents (school_id, id, student_id, parent_id, relationship)
         select x.school_id, pg_temp.bench_id($1::text || ':student-parent:' || x.id), x.id, p.id, p.relationship
         from bench_students x
         join (select u.school_id, u.id, ${num} as n, r.relationship, count(*) over (partition by u.school_id) as total
               from users u join parents r on r.school_id = u.school_id and r.id = u.id) p
           on p.school_id = x.school_id and p.n = 1 + ((x.n - 1) * 4 / 5) % p.total`,
        [seed],
      );
      return {
        subjects: subjects.rowCount ?? 0,
        classes: classes.rowCount ?? 0,
        class_subjects: classSubjects.rowCount ?? 0,
        teachers: teachers.rowCount ?? 0,
        class_teachers: classTeachers.rowCount ?? 0,
        students: students.rowCount ?? 0,
        parents: parents.rowCount ?? 0,
        student_parents: links.rowCount ?? 0,
      };
    },
  },
  {
    name: 'notifications',
    async run({ client, seed }) {
      // Staff get 4, students and parents 1 each; older ones read.
      const res = await client.query(
        `insert into notifications (school_id, id, user_id, type, title, body, read_at, created_at)
         select u.school_id, pg_temp.bench_id($1::text || ':notification:' || u.id || ':' || g.k), u.id,
                (array['announcement','fee','attendance','other'])[1 + g.k % 4],
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
         select pg_temp.bench_id($1::text || ':audit:' || s.id || ':' || g.k), s.id, u.account_id, 'school_admin',
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
         select s.school_id, pg_temp.bench_id($1::text || ':initial-subscription:' || s.school_id), b.id,
                now() - interval '395 days', s.start_date, 'cancelled', 'paid', 'monthly', b.price_minor, b.price_minor,
                b.currency, 'initial', true, 'new', now() - interval '395 days'
         from school_subscriptions s cross join (select id, price_minor, currency from plans where name = 'Basic') b
         where s.status = 'active'`,
        [seed],
      );
      await client.query(
        `update school_subscriptions s set subscription_type = 'current', is_initial = false, change_kind = 'upgrade',
           plan_amount_minor = s.total_amount_minor,
           previous_subscription_id = pg_temp.bench_id($1::text || ':initial-subscription:' || s.school_id)
         where s.status = 'active'`,
        [seed],
      );
      // Twelve monthly payments per school (the last one pending for one school in ten).
      const payments = await client.query(
        `insert into subscription_payments (school_id, id, subscription_id, method, reference, amount_minor, currency, status,
           provider, idempotency_key, receipt_number, decided_at, created_at, updated_at)
         select s.school_id, pg_temp.bench_id($1::text || ':payment:' || s.school_id || ':' || g.m),
                case when g.m = 0 then s.id else s.previous_subscription_id end,
                (array['bank_transfer','card','cash','cheque'])[1 + g.m % 4], 'BENCH-' || g.m,
                s.total_amount_minor, s.currency,
                case when g.m = 0 and abs(hashtext(s.school_id::text)) % 10 = 0 then 'pending' else 'confirmed' end,
                'manual', 'bench-payment-' || g.m, 'RCP-BENCH-' || lpad(g.m::text, 2, '0'),
                now() - make_interval(days => g.m * 30), now() - make_interval(days => g.m * 30 + 1),
                now() - make_interval(days => g.m * 30)
         from school_subscriptions s cross join generate_series(0, 11) g(m)
         where s.status = 'active'`,
        [seed],
      );
      const requests = await client.query(
        `insert into addon_requests (school_id, id, addon_id, status, message, created_at)
         select s.id, pg_temp.bench_id($1::text || ':addon-request:' || s.id), a.id, 'pending', 'Generated by the Lyceum bench.',
                now() - make_interval(days => abs(hashtext(s.id::text)) % 20)
         from schools s cross join (select id from addons where name = 'SMS') a
         where abs(hashtext(s.id::text)) % 5 = 0`,
        [seed],
      );
      const leads = await client.query(
        `insert into sales_leads (school_id, id, kind, name, email, message, created_at)
         select s.id, pg_temp.bench_id($1::text || ':lead:' || s.id), 'contact_sales', 'Principal of ' || s.name, s.email,
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
  {
    name: 'files, API keys and usage',
    async run({ client, seed }) {
      // A profile picture for every staff member and for one student or parent in ten: a stored object each
      // (the unit of storage accounting), with the user's profile_image pointing at it as uploads leave it.
      const files = await client.query(
        `with f as (
           select u.school_id, u.id as user_id, pg_temp.bench_id($1::text || ':file:' || u.id) as id,
                  'schools/' || u.school_id || '/users/' || u.id || '/profile/' || md5($1::text || ':file:' || u.id) || '.webp'
                    as object_path,
                  20000 + abs(hashtext(u.id::text)) % 60000 as bytes
           from users u
           where u.role not in ('student', 'parent') or abs(hashtext(u.id::text)) % 10 = 0
         ), ins as (
           insert into stored_files (school_id, id, owner_user_id, kind, object_path, bytes, content_type, created_at)
           select school_id, id, user_id, 'profile_picture', object_path, bytes, 'image/webp',
                  now() - make_interval(days => bytes % 90)
           from f returning school_id, owner_user_id, object_path
         )
         update users u set profile_image = '/api/v1/files/' || ins.object_path
         from ins where u.school_id = ins.school_id and u.id = ins.owner_user_id`,
        [seed],
      );
      // One school in four has a read API key (made by its first administrator) and six months of calls.
      const keys = await client.query(
        `insert into api_keys (school_id, id, name, prefix, key_hash, scopes, created_by, last_used_at, created_at)
         select s.id, pg_temp.bench_id($1::text || ':api-key:' || s.id), 'Timetable sync',
                'lyk_…' || left(md5($1::text || ':api-key-secret:' || s.id), 8),
                encode(sha256(convert_to($1::text || ':api-key-secret:' || s.id, 'UTF8')), 'hex'), array['read'],
                s.admin_ids[1], now() - make_interval(hours => abs(hashtext(s.id::text)) % 48), now() - interval '200 days'
         from schools s where abs(hashtext(s.id::text || 'api')) % 4 = 0`,
        [seed],
      );
      const usage = await client.query(
        `insert into api_usage (school_id, id, month, calls, updated_at)
         select k.school_id, pg_temp.bench_id($1::text || ':api-usage:' || k.school_id || ':' || g.m),
                (date_trunc('month', now() at time zone 'utc') - make_interval(months => g.m))::date,
                500 + abs(hashtext(k.school_id::text || g.m)) % 20000,
                least(now(), date_trunc('month', now()) - make_interval(months => g.m - 1) - interval '1 hour')
         from api_keys k cross join generate_series(0, 5) g(m)`,
        [seed],
      );
      return {
        stored_files: files.rowCount ?? 0,
        api_keys: keys.rowCount ?? 0,
        api_usage: usage.rowCount ?? 0,
      };
    },
  },
  {
    name: 'messages, announcements',
    async run({ client, seed }) {
      // Every class has its group (the database made it with the class); here it takes the id the scenarios
      // find it by, bench_id(seed:chat-class:<class>), before anything refers to it.
      const classGroups = await client.query(
        `insert into chat_groups (school_id, id, kind, class_id, created_at, last_activity_at)
         select c.school_id, pg_temp.bench_id($1::text || ':chat-class:' || c.id), 'class', c.id, c.created_at, c.created_at
         from classes c
         on conflict (school_id, class_id) where kind = 'class' do update set id = excluded.id,
           created_at = excluded.created_at, last_activity_at = excluded.last_activity_at`,
        [seed],
      );
      // Each class's teachers talk one to one with the parents of its first five students. A conversation is
      // named after the teacher and the lowest-numbered of the parent's children there, so a scenario finds a
      // teacher's conversation with the parent of their class's first student: bench_id(seed:chat-direct:<teacher>:<student>).
      await client.query(
        `create temp table bench_direct on commit drop as
         select distinct on (ct.school_id, k.direct_key) ct.school_id,
                pg_temp.bench_id($1::text || ':chat-direct:' || ct.teacher_id || ':' || s.id) as id,
                ct.teacher_id, sp.parent_id, k.direct_key
         from class_teachers ct
         join students s on s.school_id = ct.school_id and s.class_id = ct.class_id and s.roll_number <= 5
         join student_parents sp on sp.school_id = s.school_id and sp.student_id = s.id
         cross join lateral (select least(ct.teacher_id::text, sp.parent_id::text) || ':' ||
                                    greatest(ct.teacher_id::text, sp.parent_id::text) as direct_key) k
         order by ct.school_id, k.direct_key, s.roll_number`,
        [seed],
      );
      const direct = await client.query(
        `insert into chat_groups (school_id, id, kind, direct_key, created_by, created_at, last_activity_at)
         select school_id, id, 'direct', direct_key, teacher_id, now() - interval '30 days', now() - interval '30 days'
         from bench_direct`,
      );
      const members = await client.query(
        `insert into chat_group_members (school_id, id, group_id, user_id, created_at)
         select d.school_id, pg_temp.bench_id($1::text || ':chat-member:' || d.id || ':' || m.user_id), d.id, m.user_id,
                now() - interval '30 days'
         from bench_direct d cross join lateral (values (d.teacher_id), (d.parent_id)) m(user_id)`,
        [seed],
      );
      // Six messages in each conversation (teacher and parent in turn), eight in each class group (its
      // teachers in turn), over the last weeks.
      const messages = await client.query(
        `insert into messages (school_id, id, group_id, sender_id, body, created_at)
         select d.school_id, pg_temp.bench_id($1::text || ':message:' || d.id || ':' || g.k), d.id,
                case when g.k % 2 = 1 then d.teacher_id else d.parent_id end,
                (array['Hello, a word about this week''s homework.', 'Thank you, we will look at it tonight.',
                       'The project is due on Friday.', 'Noted. Is there anything to bring?',
                       'Only the workbook.', 'Thanks, see you at the meeting.'])[g.k],
                now() - make_interval(days => 7 - g.k, mins => abs(hashtext(d.id::text)) % 600)
         from bench_direct d cross join generate_series(1, 6) g(k)
         union all
         select ct.school_id, pg_temp.bench_id($1::text || ':message:' || cg.id || ':' || g.k), cg.id, ct.teacher_id,
                'Class notice ' || g.k || ': please check the timetable for next week.',
                now() - make_interval(days => 16 - g.k * 2, mins => abs(hashtext(cg.id::text)) % 600)
         from chat_groups cg
         cross join generate_series(1, 8) g(k)
         join lateral (select x.school_id, x.teacher_id from class_teachers x
                       where x.school_id = cg.school_id and x.class_id = cg.class_id
                       order by x.is_class_teacher desc, x.id offset (g.k % 3) limit 1) ct on true
         where cg.kind = 'class'`,
        [seed],
      );
      await client.query(
        `update chat_groups g set last_activity_at = m.at
         from (select school_id, group_id, max(created_at) at from messages group by school_id, group_id) m
         where m.school_id = g.school_id and m.group_id = g.id`,
      );
      // Both sides of a conversation have read its first four messages: the last two are unread for one of them.
      const reads = await client.query(
        `insert into chat_reads (school_id, id, group_id, user_id, last_read_at)
         select m.school_id, pg_temp.bench_id($1::text || ':chat-read:' || m.group_id || ':' || m.user_id), m.group_id, m.user_id,
                (select x.created_at from messages x where x.school_id = m.school_id and x.group_id = m.group_id
                 order by x.created_at offset 3 limit 1)
         from chat_group_members m`,
        [seed],
      );
      // Per school, twelve announcements from its first administrator to whole roles (the first pinned, the
      // last archived), each with its one role-wide notification; per class, one from its class teacher to the
      // class's students and parents, with a notification for each of them.
      const schoolWide = await client.query(
        `insert into announcements (school_id, id, author_id, title, body, audience, status, pinned, created_at, updated_at)
         select s.id, pg_temp.bench_id($1::text || ':announcement:' || s.id || ':' || g.k), s.admin_ids[1],
                (array['Term dates', 'Sports day', 'Parents'' evening', 'Library hours', 'School trip', 'Exam timetable'])[1 + g.k % 6]
                  || ' (' || g.k || ')',
                '<p>Generated by the Lyceum bench.</p><ul><li>Read the details</li><li>Ask the office</li></ul>',
                case g.k % 4 when 0 then array['all'] when 1 then array['student', 'parent'] when 2 then array['teacher']
                  else array['parent'] end,
                case when g.k = 12 then 'archived' else 'active' end, g.k = 1,
                now() - make_interval(days => g.k * 3), now() - make_interval(days => g.k * 3)
         from schools s cross join generate_series(1, 12) g(k)`,
        [seed],
      );
      const perClass = await client.query(
        `insert into announcements (school_id, id, author_id, title, body, audience, class_ids, created_at, updated_at)
         select ct.school_id, pg_temp.bench_id($1::text || ':announcement:' || ct.class_id), ct.teacher_id,
                'Homework this week', '<p>Please check the homework for this week.</p>', array['student', 'parent'],
                array[ct.class_id], now() - interval '2 days', now() - interval '2 days'
         from class_teachers ct where ct.is_class_teacher`,
        [seed],
      );
      const roleWide = await client.query(
        `insert into notifications (school_id, id, roles, type, title, body, created_at)
         select a.school_id, pg_temp.bench_id($1::text || ':notification:' || a.id),
                case when 'all' = any(a.audience) then array['school_admin', 'principal', 'teacher', 'student', 'parent']
                     else a.audience end,
                'announcement', 'New announcement: ' || a.title, u.name || ' posted an announcement.', a.created_at
         from announcements a join users u on u.school_id = a.school_id and u.id = a.author_id
         where cardinality(a.class_ids) = 0`,
        [seed],
      );
      const perPerson = await client.query(
        `insert into notifications (school_id, id, user_id, type, title, body, created_at)
         select a.school_id, pg_temp.bench_id($1::text || ':notification:' || a.id || ':' || m.id), m.id,
                'announcement', 'New announcement: ' || a.title, u.name || ' posted an announcement.', a.created_at
         from announcements a join users u on u.school_id = a.school_id and u.id = a.author_id
         cross join lateral (
           select s.id from students s where s.school_id = a.school_id and s.class_id = any(a.class_ids)
           union
           select sp.parent_id from student_parents sp join students s on s.school_id = sp.school_id and s.id = sp.student_id
           where sp.school_id = a.school_id and s.class_id = any(a.class_ids)
         ) m
         where cardinality(a.class_ids) > 0`,
        [seed],
      );
      // Most students have read two of the announcements addressed to them (numbers 1 and 4).
      const announcementReads = await client.query(
        `insert into announcement_reads (school_id, id, announcement_id, user_id, read_at)
         select a.school_id, pg_temp.bench_id($1::text || ':announcement-read:' || a.id || ':' || u.id), a.id, u.id,
                a.created_at + interval '5 hours'
         from announcements a join users u on u.school_id = a.school_id and u.role = 'student'
         where a.id in (pg_temp.bench_id($1::text || ':announcement:' || a.school_id || ':1'),
                        pg_temp.bench_id($1::text || ':announcement:' || a.school_id || ':4'))
           and abs(hashtext(u.id::text)) % 10 <> 0`,
        [seed],
      );
      return {
        chat_groups: (classGroups.rowCount ?? 0) + (direct.rowCount ?? 0),
        chat_group_members: members.rowCount ?? 0,
        messages: messages.rowCount ?? 0,
        chat_reads: reads.rowCount ?? 0,
        announcements: (schoolWide.rowCount ?? 0) + (perClass.rowCount ?? 0),
        notifications: (roleWide.rowCount ?? 0) + (perPerson.rowCount ?? 0),
        announcement_reads: announcementReads.rowCount ?? 0,
      };
    },
  },
  {
    name: 'timetable, a year of attendance',
    async run({ client }) {
      // Each class: Monday to Friday, six 45-minute lessons from 08:00, taught in turn by its three teachers in
      // the subject each is assigned there (clashes between classes are not the bench's concern).
      const slots = await client.query(
        `insert into timetable_slots (school_id, id, class_id, subject_id, teacher_id, room, day, start_time, end_time)
         select ct.school_id, gen_random_uuid(), ct.class_id, ct.subject_ids[1], ct.teacher_id, 'R' || (1 + ct.rn + l.k * 3),
                d.day, time '08:00' + make_interval(mins => l.k * 50), time '08:45' + make_interval(mins => l.k * 50)
         from (select ct.*, row_number() over (partition by ct.school_id, ct.class_id order by ct.is_class_teacher desc, ct.id) - 1 rn,
                      count(*) over (partition by ct.school_id, ct.class_id) n
               from class_teachers ct) ct
         cross join unnest(array['monday','tuesday','wednesday','thursday','friday']) d(day)
         cross join generate_series(0, 5) l(k)
         where l.k % ct.n = ct.rn`,
      );
      // A year of school days (Monday to Friday) for every student, one mark a day: about 93 % present, 4 % late,
      // 3 % absent; today only every other class is marked yet, as at mid-morning. Written in student and date
      // order with increasing ids, so each index grows at its end rather than splitting pages all over.
      await client.query(`create temp sequence bench_attendance_seq`);
      await client.query(
        `create temp table bench_markers on commit drop as
         select distinct on (ct.school_id, ct.class_id) ct.school_id, ct.class_id, u.id, u.name
         from class_teachers ct join users u on u.school_id = ct.school_id and u.id = ct.teacher_id
         order by ct.school_id, ct.class_id, ct.is_class_teacher desc, ct.id`,
      );
      // Tens of millions of rows: loaded without the table's indexes and constraints, which are then rebuilt
      // (and checked) in one pass each, many times faster than keeping five indexes and two foreign keys per row.
      const ddl = await client.query<{ drop: string; add: string }>(
        `select format('alter table attendance drop constraint %I', c.conname) as drop,
                format('alter table attendance add constraint %I %s', c.conname, pg_get_constraintdef(c.oid)) as add
         from pg_constraint c where c.conrelid = 'attendance'::regclass and c.contype in ('p', 'u', 'f')
         union all
         select format('drop index %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
         from pg_index i where i.indrelid = 'attendance'::regclass
           and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      );
      const foreignFirst = [...ddl.rows].sort((a, b) => Number(b.add.includes('FOREIGN KEY')) - Number(a.add.includes('FOREIGN KEY')));
      for (const row of foreignFirst) await client.query(row.drop);
      // The counts per class and day and per student (migration 0021_attendance-counts.sql) are rebuilt in one pass afterwards
      // rather than kept by the trigger over one statement of millions of rows.
      await client.query('alter table attendance disable trigger attendance_counts_insert');
      const attendance = await client.query(
        `insert into attendance (school_id, id, class_id, student_id, date, status, is_present, marked_by_id,
           marked_by_name, marked_at, submitted_at, academic_year)
         select x.school_id, x.id, x.class_id, x.student_id, x.date, x.status, x.status <> 'absent', x.marker_id,
                x.marker_name, x.at, x.at, x.academic_year
         from (
           select s.school_id,
                  ('00000000-0000-7000-8000-' || lpad(to_hex(nextval('bench_attendance_seq')), 12, '0'))::uuid as id,
                  s.class_id, s.id as student_id, d.date,
                  case when h.v < 3 then 'absent' when h.v < 7 then 'late' else 'present' end as status,
                  m.id as marker_id, m.name as marker_name, d.date + time '08:05' as at, s.academic_year
           from (select st.*, sc.time_zone from students st join schools sc on sc.id = st.school_id
                 order by st.school_id, st.class_id, st.id) s
           join bench_markers m on m.school_id = s.school_id and m.class_id = s.class_id
           cross join lateral (
             select g::date as date from generate_series((now() at time zone s.time_zone)::date - 364,
               (now() at time zone s.time_zone)::date, interval '1 day') g
             where extract(isodow from g) < 6
           ) d
           cross join lateral (select (s.roll_number * 7919 + (d.date - date '2000-01-01') * 104729) % 100 as v) h
           where d.date < (now() at time zone s.time_zone)::date or abs(hashtext(s.class_id::text)) % 2 = 0
         ) x`,
      );
      for (const row of foreignFirst.reverse()) await client.query(row.add);
      await client.query('alter table attendance enable trigger attendance_counts_insert');
      await client.query('select lyceum_attendance_counts_rebuild()');
      return { timetable_slots: slots.rowCount ?? 0, attendance: attendance.rowCount ?? 0 };
    },
  },
];
