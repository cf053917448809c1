import type { Tx } from './client.ts';
import { auditLog } from './schema/index.ts';
import type { Actor } from '../lib/actor.ts';
import { newId } from '../lib/ids.ts';
import { noteSessionRelevantChange } from '../lib/session-cache.ts';

export interface AuditEntry {
  schoolId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records who changed what, in the transaction of the change itself. Never store secrets in before/after. */
export function audit(tx: Tx, actor: Pick<Actor, 'accountId' | 'role'> | null, entry: AuditEntry): Promise<void> {
  return auditAll(tx, actor, [entry]);
}

/** Several entries of one change in one statement (a list written in one request costs one insert, not one each). */
export async function auditAll(
  tx: Tx,
  actor: Pick<Actor, 'accountId' | 'role'> | null,
  entries: AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  // Any audited change may alter who a session is (role, activity, subscription, profile): drop cached sessions.
  noteSessionRelevantChange();
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      id: newId(),
      schoolId: entry.schoolId,
      actorAccountId: actor?.accountId ?? null,
      actorRole: actor?.role ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
