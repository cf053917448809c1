/**
 * Times a CSV import of 1 000 students (issue 4: under 10 s on the 2-core machine), each with a parent
 * (siblings share: 800 parents), into the embedded database a fresh `npm start` uses (PGlite on disk), or
 * into PostgreSQL when DATABASE_URL is set. Runs the server in-process and goes through the real routes
 * (preview, then commit), so validation, plan limits, bulk inserts, invitations and audit are all counted.
 *
 *   npx tsx bench/src/import-people.ts [--students 1000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { linkRoleProfiles } from '../../apps/server/src/seed/seed-people.ts';
import { insertAccount, insertSchoolUser } from '../../apps/server/src/db/accounts.ts';
import { insertSchool } from '../../apps/server/src/seed/school.ts';
import { withSystem } from '../../apps/server/src/db/tenancy.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { STUDENT_IMPORT_COLUMNS } from '../../packages/shared/src/people.ts';
import { numberArg, parseArgs } from './lib/args.ts';

const args = parseArgs(process.argv.slice(2));
const count = numberArg(args, 'students', 1000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-import-bench-'));
const databaseUrl = process.env.DATABASE_URL;
const config = loadConfig(
  {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  { demoSeed: false },
);
const app = await buildApp(config, { logger: false, seedDemo: false, webDist: path.join(dataDir, 'no-web') });
const password = 'import-bench-password';
const tag = Date.now().toString(36);
const email = `admin.${tag}@import-bench.lyceum.test`;
const hash = await hashPassword(password);
const classId = await withSystem(app.deps.db, async (tx) => {
  const schoolId = await insertSchool(tx, { name: `Import Bench ${tag}`, planName: 'Enterprise' });
  const accountId = await insertAccount(tx, email, hash);
  await insertSchoolUser(tx, { schoolId, accountId, name: 'Bench Admin', email, role: 'school_admin' });
  const ids: Record<'teacher' | 'student' | 'parent', string> = { teacher: '', student: '', parent: '' };
  for (const role of ['teacher', 'student', 'parent'] as const) {
    const e = `${role}.${tag}@import-bench.lyceum.test`;
    ids[role] = await insertSchoolUser(tx, {
      schoolId,
      accountId: await insertAccount(tx, e, hash),
      name: role,
      email: e,
      role,
    });
  }
  return (await linkRoleProfiles(tx, schoolId, ids)).classId;
});
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { email, password, role: 'school_admin' },
});
const cookie = String(login.headers['set-cookie']).split(';')[0] as string;

const rows = Array.from({ length: count }, (_, i) => {
  const family = Math.floor(i * 0.8);
  const values: Partial<Record<(typeof STUDENT_IMPORT_COLUMNS)[number], string>> = {
    name: `Student ${i} ${tag}`,
    email: `s${i}.${tag}@import-bench.lyceum.test`,
    phone: `+1 555 ${String(i).padStart(4, '0')}`,
    parentName: `Parent ${family}`,
    parentEmail: `p${family}.${tag}@import-bench.lyceum.test`,
    parentRelationship: i % 2 ? 'Mother' : 'Father',
  };
  return STUDENT_IMPORT_COLUMNS.map((c) => values[c] ?? '').join(',');
});
const csv = [STUDENT_IMPORT_COLUMNS.join(','), ...rows].join('\n');
const post = (url: string) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: { csv, classId, sendInvitation: true } });

const t0 = performance.now();
const preview = await post('/api/v1/students/import/preview');
const t1 = performance.now();
const commit = await post('/api/v1/students/import');
const t2 = performance.now();
const previewBody = preview.json() as { errors: unknown[]; validCount: number };
console.log(`database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite on disk'}`);
console.log(`CSV: ${count} students, ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB`);
console.log(
  `preview: ${preview.statusCode} in ${((t1 - t0) / 1000).toFixed(2)} s (${previewBody.validCount} valid, ${previewBody.errors.length} errors)`,
);
console.log(`import:  ${commit.statusCode} in ${((t2 - t1) / 1000).toFixed(2)} s → ${commit.body}`);
console.log(`total:   ${((t2 - t0) / 1000).toFixed(2)} s (budget 10 s)`);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
if (commit.statusCode !== 200 || t2 - t0 > 10_000) process.exitCode = 1;
