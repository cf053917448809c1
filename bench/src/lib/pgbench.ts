import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RequestStatements } from './statements.ts';

/**
 * pgbench replays of the statements an endpoint sends (lib/statements.ts): one script per captured request,
 * its statements in order, each parameter a pgbench variable (`-D`) so that with `-M prepared` every
 * statement is prepared once per connection with its parameters, as the server's pool does (named statements,
 * db/client.ts). The tenant transaction's `begin; select set_config(…)` (one message of literal text in the
 * server) and the statements sent behind it without waiting for its answer leave the server in one write; the
 * capture marks every statement sent before the answers ahead of it (`pending`), and the replay sends each such
 * run as one pipeline (one round trip), exactly as the server did: the first statement with the begin, a
 * dashboard's statements at once, a one-statement read's commit with it. pgbench picks one of the scripts at
 * random for each transaction, so the mix is the scenario's.
 */
export const PGBENCH = '/usr/bin/pgbench';

export function pgbenchMissing(): boolean {
  return spawnSync(PGBENCH, ['--version']).status !== 0;
}

export interface PgbenchScript {
  script: string;
  vars: Record<string, string>;
}

/** A value as node-postgres writes it in text form (arrays as array literals, objects as JSON). */
function pgText(value: unknown): string {
  if (Array.isArray(value)) {
    return `{${value.map((v) => (v === null ? 'NULL' : `"${pgText(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  }
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * pgbench reads `:name` as a variable even inside a string literal (`to_char(t, 'HH24:MI')`), so such a literal
 * is written as a concatenation that means the same text: `('HH24' || ':' || 'MI')`.
 */
function shieldColons(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, (literal) =>
    /:[A-Za-z_]/.test(literal) ? `(${literal.replace(/:(?=[A-Za-z_])/g, "' || ':' || '")})` : literal,
  );
}

/**
 * pgbench ends a command at a semicolon even inside a `--` comment (the register's "roll_number); no earlier
 * …" made the rest of the comment a command of its own), so comments are dropped; string literals are kept
 * as they are, whatever they hold.
 */
function dropComments(text: string): string {
  return text.replace(/'(?:[^']|'')*'|--[^\n]*/g, (m) => (m.startsWith("'") ? m : ''));
}

/** One request's statements as a pgbench script; variables are named `r<n>_<statement>_<parameter>`. */
export function toScript(statements: RequestStatements, n: number): PgbenchScript {
  const vars: Record<string, string> = {};
  const texts = statements.map((s, i) => {
    const text = shieldColons(
      dropComments(s.text)
        .trim()
        .replace(/;+\s*$/, ''),
    );
    return text.replace(/\$(\d+)\b/g, (_, p: string) => {
      const value = s.values[Number(p) - 1];
      // A variable cannot be NULL; the literal keeps the statement's meaning (its casts type it as before).
      if (value === null || value === undefined) return 'NULL';
      const name = `r${n}_${i}_${p}`;
      vars[name] = pgText(value);
      return `:${name}`;
    });
  });
  // What the server sent without waiting for the answers before it leaves here in the same pipeline: a new
  // one starts at each statement the server sent only once everything before it was answered.
  const groups: string[][] = [];
  texts.forEach((text, i) => {
    // The tenant transaction's begin and settings are several commands in one message; prepared statements
    // cannot hold several, so they are separate entries of the pipeline (`\;` is not an option).
    const parts = text.split(/;\s*/).filter(Boolean);
    const last = groups.at(-1);
    if (last && (statements[i]?.pending ?? 0) > 0) last.push(...parts);
    else groups.push(parts);
  });
  const commands = groups.map((parts) =>
    parts.length === 1 ? `${parts[0]};` : ['\\startpipeline', ...parts.map((p) => `${p};`), '\\endpipeline'].join('\n'),
  );
  return { script: `${commands.join('\n')}\n`, vars };
}

/** pgbench's exit and output when it could not run the scripts. */
export class PgbenchError extends Error {}

/**
 * Runs the scripts at `clients` connections for `seconds` (or `transactions` each, for a check that they
 * run), as the URL's user; answers transactions per second (connection time excluded).
 */
export async function runPgbench(
  databaseUrl: string,
  scripts: PgbenchScript[],
  opts: { clients: number; seconds?: number; transactions?: number },
): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-pgbench-'));
  const args = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', String(Math.min(opts.clients, 2))];
  args.push(...(opts.transactions ? ['-t', String(opts.transactions)] : ['-T', String(opts.seconds ?? 10)]));
  scripts.forEach((s, i) => {
    const file = path.join(dir, `request-${i}.sql`);
    writeFileSync(file, s.script);
    args.push('-f', file);
    for (const [k, v] of Object.entries(s.vars)) args.push('-D', `${k}=${v}`);
  });
  const url = new URL(databaseUrl);
  args.push(
    '-h',
    // `?host=/var/run/postgresql` names a Unix socket's directory, as libpq and node-postgres read it.
    url.searchParams.get('host') ?? url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    decodeURIComponent(url.pathname.slice(1)),
  );
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(PGBENCH, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.on('close', (c) => resolve({ code: c, output }));
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
  if (code !== 0 || !tps || (failed && failed !== '0')) {
    throw new PgbenchError(`pgbench failed (exit ${code}; scripts in ${dir}):\n${output.slice(-2000)}`);
  }
  return Number(tps);
}
