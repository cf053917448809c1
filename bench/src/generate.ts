/**
 * `npm run bench:data -- --schools 200 --students 100000 --seed 42` (DATABASE_URL required): fills a real
 * PostgreSQL with a deterministic data set for the bench. Migrates first, replaces any earlier bench data
 * (refuses to touch a database holding non-bench accounts unless --force), runs the steps of data/steps.ts
 * in one transaction, then VACUUMs and ANALYZEs, checks a sample of every table's values against the API's own
 * schemas (data/api-values.ts) and checks through row-level security that each school sees its own rows.
 */
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDefaults } from '../../apps/server/src/seed/seed.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { numberArg, parseArgs } from './lib/args.ts';
import { withClient } from './lib/db.ts';
import { BENCH_EMAIL_SUFFIX, BENCH_ID_FUNCTION, BENCH_PASSWORD, buildPlan, type GenerateOptions } from './data/plan.ts';
import { steps } from './data/steps.ts';
import { checkGeneratedValues } from './data/api-values.ts';

export interface GenerateResult {
  counts: Record<string, number>;
  seconds: number;
}

export async function generate(
  url: string,
  options: GenerateOptions,
  { force = false, log = console.log }: { force?: boolean; log?: (line: string) => void } = {},
): Promise<GenerateResult> {
  const started = performance.now();
  const handle = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await handle.migrate();
    await seedDefaults(handle.db);
  } finally {
    await handle.close();
  }
  const plan = buildPlan(options);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const counts: Record<string, number> = {};

  await withClient(url, async (client) => {
    const foreign = await client.query(`select count(*)::int n from accounts where email not like '%' || $1`, [
      BENCH_EMAIL_SUFFIX,
    ]);
    if ((foreign.rows[0]?.n ?? 0) > 0 && !force) {
      throw new Error(
        `This database holds ${foreign.rows[0].n} accounts that the bench did not make; refusing to replace them. ` +
          'Use an empty database (or --force).',
      );
    }
    const tables = await client.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' and tablename not in ('plans', 'addons')`,
    );
    await client.query('begin');
    try {
      await client.query(BENCH_ID_FUNCTION);
      if (tables.rows.length) {
        await client.query(`truncate ${tables.rows.map((t) => `"${t.tablename}"`).join(', ')} cascade`);
      }
      for (const step of steps) {
        const t = performance.now();
        const written = await step.run({ client, plan, seed: String(options.seed), passwordHash });
        for (const [k, v] of Object.entries(written)) counts[k] = (counts[k] ?? 0) + v;
        log(
          `  ${step.name.padEnd(34)} ${Object.entries(written)
            .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
            .join(', ')
            .padEnd(60)} ${((performance.now() - t) / 1000).toFixed(1)} s`,
        );
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
    const t = performance.now();
    // VACUUM too, as autovacuum would soon after a bulk load: until a table's visibility map is set, every
    // index-only scan (list totals, per-school counts) still visits the heap row by row.
    await client.query('vacuum analyze');
    log(`  ${'vacuum analyze'.padEnd(34)} ${''.padEnd(60)} ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const checked = performance.now();
    const invalid = await checkGeneratedValues(client, Object.keys(counts));
    if (invalid.length) {
      throw new Error(`Generated values the API would refuse:\n  ${invalid.join('\n  ')}`);
    }
    log(
      `  ${'values the API accepts'.padEnd(34)} ${`${Object.keys(counts).length} tables sampled`.padEnd(60)} ${((performance.now() - checked) / 1000).toFixed(1)} s`,
    );

    // Row-level security: as the application role, school 1 sees exactly its own people and no one else's.
    const first = plan.schools[0];
    if (first) {
      await client.query('begin');
      try {
        const { rows } = await client.query(`select id from schools where name = $1`, [first.name]);
        await client.query(
          `select set_config('app.school_id', $1, true), set_config('app.scope', 'school', true),
                  set_config('app.user_id', '00000000-0000-0000-0000-000000000000', true), set_config('role', 'lyceum_app', true)`,
          [rows[0]?.id],
        );
        const seen = await client.query('select count(*)::int n, count(distinct school_id)::int schools from users');
        const expected = first.students + first.teachers + first.parents + first.schoolAdmins + first.principals;
        if (seen.rows[0]?.n !== expected || seen.rows[0]?.schools !== 1) {
          throw new Error(
            `RLS check failed: school 1 sees ${seen.rows[0]?.n} users in ${seen.rows[0]?.schools} schools, expected ${expected} in 1`,
          );
        }
      } finally {
        await client.query('rollback');
      }
    }
  });
  return { counts, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const args = parseArgs();
  const url = process.env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is required: a PostgreSQL database for the bench, e.g. postgres://postgres@127.0.0.1:5432/lyceum_bench',
    );
    process.exit(2);
  }
  const options: GenerateOptions = {
    schools: numberArg(args, 'schools', 200),
    students: numberArg(args, 'students', 100_000),
    seed: numberArg(args, 'seed', 42),
  };
  console.log(
    `Generating ${options.schools} schools, ${options.students.toLocaleString('en')} students (seed ${options.seed}) into ${redact(url)}`,
  );
  const { counts, seconds } = await generate(url, options, { force: args.has('force') });
  console.log(
    `Done in ${seconds.toFixed(1)} s. Rows: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}`,
  );
  console.log(`Every account's password: ${BENCH_PASSWORD}`);
}

export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
