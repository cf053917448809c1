import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { companyStaff, setupCodes } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { sha256 } from '../../lib/tokens.ts';

/**
 * The first company admin's setup code (docs/security.md, "The first company admin"). Until a company admin
 * exists, /signup/company-admin would make whoever reaches the server first the platform's owner; so that first
 * sign-up needs a code only the operator sees: the server prints one in its log at every start while no company
 * staff exists, and `npm run cli -- setup-code` makes one. Any stored code works (several server processes may
 * each have printed one); all are deleted once the first company admin exists.
 */

// Crockford's base32 without I, L, O, U: nothing to mistake when it is read from a log and typed.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** 16 characters of 32 (80 bits), in groups: `7KQ2-M9XD-4HRT-B0WZ`. */
function newSetupCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** Case, spaces and dashes do not matter: the code is read off a console and may be typed by hand. */
function setupCodeHash(code: string): string {
  return sha256(code.toUpperCase().replace(/[\s-]/g, ''));
}

async function hasCompanyStaff(tx: Tx): Promise<boolean> {
  const found = await tx.execute(sql`select 1 from ${companyStaff} limit 1`);
  return found.rows.length > 0;
}

/**
 * A new setup code while the platform has no company staff (null once it has), for the start-up log or the CLI.
 * Once staff exists, leftover codes are deleted here too (a company admin made with the CLI leaves them behind).
 */
export async function issueSetupCode(db: Database): Promise<string | null> {
  return withSystem(db, async (tx) => {
    if (await hasCompanyStaff(tx)) {
      await tx.delete(setupCodes);
      return null;
    }
    const code = newSetupCode();
    await tx.insert(setupCodes).values({ codeHash: setupCodeHash(code) });
    return code;
  });
}

/** Whether `code` is one of the stored setup codes (only asked while no company staff exists). */
export async function isSetupCode(tx: Tx, code: string | undefined): Promise<boolean> {
  if (!code) return false;
  const [found] = await tx
    .select({ codeHash: setupCodes.codeHash })
    .from(setupCodes)
    .where(eq(setupCodes.codeHash, setupCodeHash(code)));
  return Boolean(found);
}

/** The first company admin exists: no setup code may make another. */
export async function deleteSetupCodes(tx: Tx): Promise<void> {
  await tx.delete(setupCodes);
}

/** The start-up log's line while no company admin exists (warn: it shows at LOG_LEVEL=warn too). */
export function setupCodeNotice(publicUrl: string, code: string): string {
  return (
    `No company admin yet: create the first one at ${publicUrl}/signup/company-admin with the setup code ${code} ` +
    '(it works until a company admin exists; README.md, "The first company admin").'
  );
}
