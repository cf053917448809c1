import path from 'node:path';
import { HEARTBEAT_MS } from '@lyceum/shared/live-events';
import { z } from 'zod';
import { type TrustProxy, TrustProxySetting } from './lib/forwarded-for.ts';
import { listenHost } from './lib/listen-address.ts';

const PORT_RANGE = 'PORT must be a whole number from 1 to 65535';

/**
 * A whole-number variable, its problem said in our words with its range (README.md, "Configuration"), never the
 * validator's ("Invalid input: expected number, received NaN"). Digits only: Number() would read 0x1F as 31.
 */
function wholeNumber(name: string, min: number, max: number | undefined, fallback: number) {
  const message = `${name} must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && (max === undefined || n <= max), message)
    .default(fallback);
}

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  B: 1,
  K: 1024,
  KB: 1024,
  M: 1024 ** 2,
  MB: 1024 ** 2,
  G: 1024 ** 3,
  GB: 1024 ** 3,
  T: 1024 ** 4,
  TB: 1024 ** 4,
};

/** A size in bytes, or with a unit as an operator writes it: `2GB`, `500 MB` (binary: 1 GB = 1024³ bytes). */
function bytes(name: string, fallback: number) {
  const message = `${name} must be a number of bytes, optionally with a unit: 2147483648, 500MB or 2GB`;
  return z
    .string()
    .trim()
    .regex(/^\d+\s*([KMGT]?B|[KMGT])?$/i, message)
    .transform((value) => {
      const [, digits = '', unit = ''] = /^(\d+)\s*(\w*)$/.exec(value) ?? [];
      return Number(digits) * (BYTE_UNITS[unit.toUpperCase()] ?? Number.NaN);
    })
    .refine((n) => Number.isSafeInteger(n), message)
    .default(fallback);
}

/** An e-mail sender as mail headers take it: `name@example.com` or `Name <name@example.com>`. */
const MAIL_FROM_FORMAT = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/** Every environment variable the server reads, validated once at start (README.md, "Configuration"). */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], 'NODE_ENV must be development, production or test')
    .default('development'),
  // Digits only: Number() would read 0x1F as 31 and 1e3 as 1000.
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, PORT_RANGE)
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65535, PORT_RANGE)
    .default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 100, 10),
  // Set by the bench only (bench/src/lib/statements.ts): it replays a request's statements with pgbench.
  STATEMENT_CAPTURE_FILE: z.string().optional(),
  // Only local directories have a driver today (lib/storage); an s3:// URL would otherwise be ignored in silence.
  FILE_STORAGE_URL: z
    .string()
    .url('FILE_STORAGE_URL must be a URL')
    .refine(
      (u) => u.startsWith('file://'),
      'FILE_STORAGE_URL: only file:///path directories are supported; S3-compatible stores need a storage driver (docs/decisions/005-profile-pictures.md). Unset it to use DATA_DIR/files.',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_FORMAT, 'MAIL_FROM must be an e-mail address, or a name and one: Lyceum <no-reply@example.com>')
    .default('Lyceum <no-reply@lyceum.local>'),
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a URL such as https://school.example.com').optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  SESSION_CACHE_MS: wholeNumber('SESSION_CACHE_MS', 0, 10_000, 2000),
  ANSWER_CACHE_MS: wholeNumber('ANSWER_CACHE_MS', 0, 10_000, 2000),
  EMBEDDED_ANALYZE_MS: wholeNumber('EMBEDDED_ANALYZE_MS', 0, 3_600_000, 60_000),
  SESSION_TTL_DAYS: wholeNumber('SESSION_TTL_DAYS', 1, 365, 14),
  PASSWORD_MIN_LENGTH: wholeNumber('PASSWORD_MIN_LENGTH', 8, 64, 8),
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber('AUTH_RATE_LIMIT_PER_MINUTE', 1, undefined, 20),
  WRITE_RATE_LIMIT_PER_MINUTE: wholeNumber('WRITE_RATE_LIMIT_PER_MINUTE', 1, undefined, 120),
  IMPORT_CHECKS_PER_HOUR: wholeNumber('IMPORT_CHECKS_PER_HOUR', 1, undefined, 60),
  SIGNUP_DAILY_LIMIT_PER_ADDRESS: wholeNumber('SIGNUP_DAILY_LIMIT_PER_ADDRESS', 1, undefined, 10),
  EVENT_STREAMS_PER_ADDRESS: wholeNumber('EVENT_STREAMS_PER_ADDRESS', 1, undefined, 1000),
  UNVERIFIED_STORAGE_TOTAL_BYTES: bytes('UNVERIFIED_STORAGE_TOTAL_BYTES', 2 * 1024 ** 3),
  LOG_LEVEL: z
    .enum(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent',
    )
    .default('info'),
  DEMO_SEED: z.enum(['true', 'false'], 'DEMO_SEED must be true or false').optional(),
  TRUST_PROXY: TrustProxySetting,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /**
   * `memory` keeps PGlite in memory (tests); otherwise PGlite lives in dataDir/db. An in-memory database may
   * start `from` a PGlite dump (`dumpDataDir`): tests load one migrated template instead of migrating each time.
   */
  database:
    | { kind: 'pglite'; dir: string | 'memory'; from?: Blob }
    | { kind: 'postgres'; url: string; poolSize: number; captureFile?: string };
  fileStorageUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  vapid?: { publicKey: string; privateKey: string };
  sessionTtlDays: number;
  /** How long a resolved session may be reused by this process (lib/session-cache.ts); 0 = never. */
  sessionCacheMs: number;
  /**
   * How long this process may reuse a computed answer of the school day's hot reads (lib/answer-cache.ts): the
   * longest another process's change can go unseen here; 0 = never.
   */
  answerCacheMs: number;
  /** How often the embedded database's stale tables are analysed (db/embedded-statistics.ts); 0: never. */
  embeddedAnalyzeMs: number;
  passwordMinLength: number;
  /** Requests per client address (lib/client-address.ts) per minute to each sign-in, sign-up and reset endpoint. */
  authRateLimitPerMinute: number;
  /** Changes one person or API key may make per minute in this process (lib/write-rate.ts). */
  writeRateLimitPerMinute: number;
  /** CSV import previews and imports per user per hour (all kinds together). */
  importChecksPerHour: number;
  /** Schools one client address may sign up per day (UTC), counted in this process (lib/daily-limit.ts). */
  signupDailyLimitPerAddress: number;
  /** Bytes all schools whose e-mail address is not yet confirmed may store together (modules/files/storage-usage.ts). */
  unverifiedStorageTotalBytes: number;
  logLevel: string;
  /** Which X-Forwarded-* entries to believe (client address, protocol): a hop count or the proxies' addresses. */
  trustProxy: TrustProxy;
  /** Seed the demo schools into an empty embedded database. Never with DATABASE_URL. */
  demoSeed: boolean;
  /** Live event streams: comment heartbeat and session re-check interval (tests shorten it). */
  eventHeartbeatMs: number;
  /** Live event streams one client address (lib/client-address.ts) may hold open in this process, every user's together. */
  eventStreamsPerAddress: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  // An empty or blank variable means "not set" (as in `DATABASE_URL= npm start`, or a template's `PORT= `).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const demoSeed = e.DATABASE_URL ? false : e.DEMO_SEED !== 'false';
  const listen = listenHost(e.HOST, demoSeed, e.DEMO_SEED);
  if ('problem' in listen) throw new ConfigError([`HOST: ${listen.problem}`]);
  const dataDir = path.resolve(e.DATA_DIR);
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : undefined;
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: listen.host,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          ...(e.STATEMENT_CAPTURE_FILE ? { captureFile: e.STATEMENT_CAPTURE_FILE } : {}),
        }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    fileStorageUrl: e.FILE_STORAGE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    vapid,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    answerCacheMs: e.ANSWER_CACHE_MS,
    embeddedAnalyzeMs: e.EMBEDDED_ANALYZE_MS,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    writeRateLimitPerMinute: e.WRITE_RATE_LIMIT_PER_MINUTE,
    importChecksPerHour: e.IMPORT_CHECKS_PER_HOUR,
    signupDailyLimitPerAddress: e.SIGNUP_DAILY_LIMIT_PER_ADDRESS,
    unverifiedStorageTotalBytes: e.UNVERIFIED_STORAGE_TOTAL_BYTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    demoSeed,
    eventHeartbeatMs: HEARTBEAT_MS,
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
  };
  return { ...config, ...overrides };
}
