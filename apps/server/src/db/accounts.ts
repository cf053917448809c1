import type { CompanyRole, SchoolRole } from '@lyceum/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { newId } from '../lib/ids.ts';
import type { Tx } from './client.ts';
import { accounts, companyStaff, schools, users } from './schema/index.ts';

/** The rows behind a person who can sign in: used by sign-up, the services that add people, and the seed. */
export async function insertAccount(tx: Tx, email: string, passwordHash: string | null): Promise<string> {
  const id = newId();
  await tx.insert(accounts).values({ id, email: email.toLowerCase(), passwordHash });
  return id;
}

export async function insertCompanyStaff(
  tx: Tx,
  input: { accountId: string; name: string; email: string; role: CompanyRole },
): Promise<string> {
  const id = newId();
  await tx.insert(companyStaff).values({ id, ...input });
  return id;
}

export async function insertSchoolUser(
  tx: Tx,
  input: { schoolId: string; accountId: string; name: string; email: string; role: SchoolRole; phone?: string },
): Promise<string> {
  const id = newId();
  await tx.insert(users).values({ id, ...input, phone: input.phone ?? null });
  if (input.role === 'school_admin') {
    await tx
      .update(schools)
      .set({ adminIds: sql`array_append(${schools.adminIds}, ${id}::uuid)` })
      .where(eq(schools.id, input.schoolId));
  }
  return id;
}
