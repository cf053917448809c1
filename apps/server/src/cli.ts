import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, nameSchema } from '@lyceum/shared/auth';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir.ts';
import { StartupError } from './lib/startup-error.ts';
import { migrationsLine } from './lib/startup-summary.ts';
import { insertAccount, insertCompanyStaff } from './db/accounts.ts';
import { seedDefaults } from './seed/seed.ts';
import { REQUEUE_WITHIN_DAYS, requeueFailedMail } from './db/mail.ts';
import { withSystem } from './db/tenancy.ts';
import { audit } from './db/audit.ts';
import {
  issueOneTimeToken,
  issueSetupCode,
  setPasswordLink,
  setupCodeNotice,
  INVITE_TOKEN_DAYS,
} from './modules/auth/index.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  create-company-admin --email <email> --name <name>
      Creates a company_admin account without a password and prints a one-time link to set it.
      Use it for the first account of an install on a PostgreSQL server (DATABASE_URL set), or on the
      embedded database with the server stopped (a running server holds it).
  setup-code
      While the platform has no company admin, prints a new setup code for the first company-admin sign-up
      at /signup/company-admin (the server also prints one in its log at start).
  requeue-mail
      Queues again the mail the server gave up on (after about 6 hours of failed attempts: SMTP down or refusing)
      in the last 7 days; the server sends it within a minute, or at its next start.
  migrate
      Runs the database migrations and seeds the default plans and add-ons, then exits.
`;

const COMMANDS = new Set(['create-company-admin', 'setup-code', 'requeue-mail', 'migrate']);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  // Before the database: a typo must not wait for migrations, nor be answered with a locked data directory.
  if (!COMMANDS.has(command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  let options: { email?: string; name?: string } = {};
  if (command === 'create-company-admin') {
    try {
      options = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' } } }).values;
    } catch (err) {
      // parseArgs says e.g. "Unknown option '--role'. To specify a positional argument starting with a '-'…":
      // its first sentence, and the command's usage as the hint.
      console.error(`${(err as Error).message.split('. ')[0]}.`);
      console.error('Usage: npm run cli -- create-company-admin --email <email> --name <name>');
      return 1;
    }
  } else if (rest.length > 0) {
    console.error(`"${command}" takes no options.\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  const database = openDatabase(config.database, {
    onIdleConnectionLost: (err) => console.error(`An idle database connection was closed: ${err.message}`),
  });
  try {
    const applied = await database.migrate();
    await seedDefaults(database.db);
    if (command === 'migrate') {
      console.log(migrationsLine(applied));
      return 0;
    }
    if (command === 'requeue-mail') {
      const { requeued, older } = await requeueFailedMail(database.db, new Date());
      console.log(
        `${requeued} failed mail queued again.` +
          (older > 0
            ? ` ${older} older than ${REQUEUE_WITHIN_DAYS} days left as failed (their links have expired).`
            : ''),
      );
      return 0;
    }
    if (command === 'setup-code') {
      const code = await issueSetupCode(database.db);
      if (!code) {
        console.error('A company admin exists already: company admins invite colleagues from Settings.');
        return 1;
      }
      console.log(setupCodeNotice(config.publicUrl, code));
      return 0;
    }
    if (command === 'create-company-admin') {
      const parsed = z.object({ email: emailSchema, name: nameSchema }).safeParse(options);
      if (!parsed.success) {
        console.error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
        console.error(`\n${USAGE}`);
        return 1;
      }
      const { email, name } = parsed.data;
      const created = await withSystem(database.db, async (tx) => {
        const taken = await tx.execute(sql`select 1 from accounts where lower(email) = ${email}`);
        if (taken.rows.length > 0) return null;
        const accountId = await insertAccount(tx, email, null);
        const staffId = await insertCompanyStaff(tx, { accountId, name, email, role: 'company_admin' });
        const token = await issueOneTimeToken(tx, accountId, 'invite', INVITE_TOKEN_DAYS * 86_400_000);
        await audit(tx, null, {
          schoolId: null,
          action: 'company_admin.created_by_cli',
          entity: 'company_staff',
          entityId: staffId,
          after: { email },
        });
        return token;
      });
      if (!created) {
        console.error(`An account for ${email} already exists.`);
        return 1;
      }
      console.log(`Company admin ${email} created. Set the password within ${INVITE_TOKEN_DAYS} days here:`);
      console.log(setPasswordLink(config.publicUrl, created));
      return 0;
    }
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(oneLine(err) ?? err);
    process.exit(1);
  });

/** A bad setting or an operator's mistake, said in one line (README.md, "Configuration"). */
function oneLine(err: unknown): string | undefined {
  // The embedded database is the running server's: what the CLI wrote would be lost when the server writes.
  if (err instanceof DataDirInUseError) {
    return new DataDirInUseError(err.dataDir, err.pid, err.lockFile, 'stop the server first, then run this again.')
      .message;
  }
  return err instanceof ConfigError || err instanceof StartupError ? err.message : undefined;
}
