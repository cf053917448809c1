import { createHash } from 'node:crypto';

/**
 * The deterministic shape of a bench data set: how many people of each role each school has. Everything
 * the generator writes derives from this plan and the seed, so the same arguments give the same data.
 */
export interface GenerateOptions {
  schools: number;
  students: number;
  seed: number;
}

export interface SchoolPlan {
  idx: number;
  id: string;
  name: string;
  domain: string;
  students: number;
  teachers: number;
  parents: number;
  schoolAdmins: number;
  principals: number;
}

export interface DataPlan {
  options: GenerateOptions;
  schools: SchoolPlan[];
  company: { role: 'company_admin' | 'admin' | 'company_user'; count: number }[];
}

/** The password of every generated account (one shared argon2 hash). */
export const BENCH_PASSWORD = 'lyceum-bench-password';
/** Every generated e-mail ends with this, which is how the generator recognises a bench database. */
export const BENCH_EMAIL_SUFFIX = '.bench.lyceum.test';

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = ['North', 'South', 'East', 'West', 'Lake', 'River', 'Oak', 'Maple', 'Cedar', 'Hill', 'Park', 'Bay'];
const SUFFIXES = ['field', 'wood', 'side', 'view', 'brook', 'ridge', 'dale', 'gate', 'haven', 'crest'];
const KINDS = ['High School', 'Academy', 'Primary School', 'College', 'Grammar School', 'International School'];

/**
 * Generated ids are deterministic from the seed and a key, so a step (or a scenario) can name the rows of
 * earlier steps without reading them back: md5(key) with the version nibble set to 7 and the variant bits
 * to 10, i.e. UUIDv7-shaped, which the API's uuid validation accepts (a bare md5 passes one time in eight).
 * `benchId` and the SQL function `pg_temp.bench_id` (created by the generator) give the same id.
 */
export const BENCH_ID_FUNCTION = `create or replace function pg_temp.bench_id(key text) returns uuid
  language sql immutable parallel safe as $$
    select (substr(h, 1, 12) || '7' || substr(h, 14, 3) || translate(substr(h, 17, 1), '0123456789abcdef', '89ab89ab89ab89ab')
            || substr(h, 18))::uuid
    from md5(key) h
  $$`;

export function benchId(key: string): string {
  const h = createHash('md5').update(key).digest('hex');
  const variant = '89ab'[Number.parseInt(h.charAt(16), 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20)}`;
}

export function buildPlan(options: GenerateOptions): DataPlan {
  const { schools: schoolCount, students, seed } = options;
  if (schoolCount < 1) throw new Error('--schools must be at least 1');
  const rand = prng(seed);
  // School sizes vary from half to one and a half times the mean; the rounding remainder goes to the first ones.
  const weights = Array.from({ length: schoolCount }, () => 0.5 + rand());
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((w / total) * students));
  let rest = students - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % schoolCount, rest--) sizes[i] = (sizes[i] ?? 0) + 1;

  const schools: SchoolPlan[] = sizes.map((size, i) => {
    const idx = i + 1;
    const name = `${PLACES[Math.floor(rand() * PLACES.length)]}${SUFFIXES[Math.floor(rand() * SUFFIXES.length)]} ${
      KINDS[Math.floor(rand() * KINDS.length)]
    } ${idx}`;
    return {
      idx,
      id: '', // filled by the database (benchId), see steps.ts
      name,
      domain: `s${idx}${BENCH_EMAIL_SUFFIX}`,
      students: size,
      // About one teacher per 18 students, four parents per five students (siblings share parents).
      teachers: Math.max(2, Math.round(size / 18)),
      parents: Math.round(size * 0.8),
      schoolAdmins: size >= 800 ? 2 : 1,
      principals: 1,
    };
  });
  return {
    options,
    schools,
    company: [
      { role: 'company_admin', count: 2 },
      { role: 'admin', count: 3 },
      { role: 'company_user', count: 5 },
    ],
  };
}
