import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { startupSummary } from '../src/lib/startup-summary.ts';
import { createTestApp } from './helpers.ts';

/**
 * The start-up summary's lines for a PostgreSQL server (README.md, "The log"): the database and the SMTP server are
 * named by host, port and name, never with the password in their URLs. (The embedded case runs as a real process in
 * server-lifecycle.test.ts.)
 */
const summaryOf = (env: Record<string, string>, migrations: string[] = []) =>
  startupSummary(
    loadConfig({ NODE_ENV: 'production', PORT: '8080', HOST: '127.0.0.1', ...env }),
    { migrations, staleLockHolder: null, demo: null },
    '127.0.0.1:8080',
  ).map((line) => line.msg);

describe('the start-up summary', () => {
  it('names a PostgreSQL server, its database and user, and the SMTP server, without their passwords', () => {
    const lines = summaryOf(
      {
        DATABASE_URL: 'postgres://lyceum_owner:Db-Secret-9@db.school.example:6432/lyceum',
        SMTP_URL: 'smtps://mailer:Smtp-Secret-9@smtp.school.example',
        MAIL_FROM: 'Hillside School <office@school.example>',
        PUBLIC_URL: 'https://school.example',
      },
      ['0037_setup-codes', '0039_mail-retry'],
    );
    expect(lines).toEqual([
      'Database: PostgreSQL, database lyceum on db.school.example:6432 as lyceum_owner',
      'Migrations applied: 0037_setup-codes, 0039_mail-retry',
      'Mail: sent over SMTP via smtp.school.example:465, from Hillside School <office@school.example>',
      'Lyceum is running at https://school.example (listening on 127.0.0.1:8080)',
    ]);
    expect(lines.join('\n')).not.toMatch(/Secret/);
  });

  it('names a Unix socket by its directory', () => {
    const [database] = summaryOf({ DATABASE_URL: 'postgres://owner:pw@localhost/lyceum?host=/var/run/postgresql' });
    expect(database).toBe('Database: PostgreSQL, database lyceum on /var/run/postgresql as owner');
  });
});

describe('the migrations a start applied', () => {
  const journal = JSON.parse(
    readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: { tag: string }[] };

  it("are none on a database up to date (the tests' apps start from a migrated copy)", async () => {
    const t = await createTestApp();
    expect(t.app.startup.migrations).toEqual([]);
    await t.close();
  });

  // A new embedded database is the start of server-lifecycle.test.ts; a new PostgreSQL one is made here.
  it.skipIf(!process.env.TEST_DATABASE_URL)('are every migration on a new PostgreSQL database, in order', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `lyceum_test_fresh_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const fresh = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      expect(await fresh.migrate()).toEqual(journal.entries.map((entry) => entry.tag));
      expect(await fresh.migrate()).toEqual([]);
    } finally {
      await fresh.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
