import { uuidSchema } from '@lyceum/shared/auth';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { eq, type SQL } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import { selectRows } from './select-rows.ts';
import { schools } from './schema/index.ts';
import { type TenantContext, type TenantOptions, withTenant } from './tenancy.ts';
import type { Actor } from '../lib/actor.ts';
import { type AnswerCache, answersEpoch, bytesOfObject, bytesOfText } from '../lib/answer-cache.ts';
import { AppError, invalidField, notFound } from '../lib/errors.ts';

/**
 * The school a request works on and as whom. School users work on their own school; company staff
 * (read-only routes) name the school with `?schoolId=`, and their transaction is confined to that school by
 * row-level security exactly like a school user's.
 */
export interface SchoolScope {
  actor: Actor;
  schoolId: string;
  tenant: TenantContext;
  /** Company staff reading a school: sees everything in it, writes nothing. */
  companyReader: boolean;
}

/**
 * A read's scope. `asSent` is the query's `?schoolId=` as sent (academics.ts, readSchoolId), lower-cased once it is an id: a company
 * manager's blank or malformed one is no school named, `Valid school ID is required for {what}` as a missing one
 * (docs/product.md, "Who sees whom"); a school user's malformed one is an invalid id, as before any lookup.
 */
export function readScope(actor: Actor, asSent: string | undefined, what: string): SchoolScope {
  const parsed = asSent === undefined ? undefined : uuidSchema.safeParse(asSent);
  const wellFormed = parsed === undefined || parsed.success;
  const requested = parsed?.success ? parsed.data : asSent;
  if (actor.kind === 'company') {
    if (!requested || !wellFormed) {
      const message = PEOPLE_MESSAGES.schoolIdRequired(what);
      throw new AppError('validation', message, { schoolId: message });
    }
    return {
      actor,
      schoolId: requested,
      tenant: { scope: 'school', schoolId: requested, userId: actor.profileId },
      companyReader: true,
    };
  }
  if (!wellFormed) throw invalidField('schoolId', 'Invalid id');
  return writeScope(actor, requested);
}

/**
 * A body's or query's `schoolId` must be the caller's own school; any other answers 404 and writes nothing. Compared
 * lower-cased, as every id (auth.ts, uuidSchema): a body's `schoolId` is any text until here.
 */
export function writeScope(actor: Actor, requested: string | undefined): SchoolScope {
  if (actor.kind !== 'school' || !actor.schoolId) throw notFound(PEOPLE_MESSAGES.schoolNotFound);
  if (requested !== undefined && requested.toLowerCase() !== actor.schoolId)
    throw notFound(PEOPLE_MESSAGES.schoolNotFound);
  return {
    actor,
    schoolId: actor.schoolId,
    tenant: { scope: 'school', schoolId: actor.schoolId, userId: actor.profileId },
    companyReader: false,
  };
}

/**
 * Runs `fn` in the scope's tenant transaction; a company reader's unknown school is a 404. With `oneStatement`
 * (withTenant's option, for reads of one statement) the commit travels with that statement, except for a
 * company reader, whose transaction looks the school up first.
 */
export function inScope<T>(
  db: Database,
  scope: SchoolScope,
  fn: (tx: Tx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  if (!scope.companyReader) return withTenant(db, scope.tenant, fn, options);
  return withTenant(db, scope.tenant, async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, scope.schoolId));
    if (!school) throw notFound(PEOPLE_MESSAGES.schoolNotFound);
    return fn(tx);
  });
}

/** Sees every person of the school: its administrators, principals and company staff reading it. */
export function seesEveryone(scope: SchoolScope): boolean {
  return scope.companyReader || scope.actor.role === 'school_admin' || scope.actor.role === 'principal';
}

/**
 * A list's answer through the answers cache (lib/answer-cache.ts), for lists whose rows the scope filters by
 * itself (no 404 to decide): keyed by the read, the reader's view and the query, so every input of the answer
 * is in the key. Staff see the whole school and share one view, unless the list is `perReader` (their own
 * classes); anyone else's view depends on who they are (a teacher's classes, a parent's children), so it is
 * their own. Company staff read uncached.
 */
export function listThroughAnswers<T>(
  answers: AnswerCache,
  scope: SchoolScope,
  read: string,
  query: Record<string, unknown>,
  load: () => Promise<T>,
  perReader = false,
): Promise<T> {
  if (scope.companyReader) return load();
  const view = seesEveryone(scope) && !perReader ? 'staff' : `${scope.actor.role}:${scope.actor.profileId}`;
  // The validated query, its keys in order; `schoolId` is the scope's own (another one answered 404 already).
  const asked = Object.entries(query)
    .filter(([name, value]) => name !== 'schoolId' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return answers.through(scope.schoolId, `${read}:${view}:${JSON.stringify(asked)}`, load, bytesOfObject);
}

/** What a cached read needs of the app (db sits below the modules, so not their `Deps`). */
type CachedReads = { db: Database; answers: AnswerCache };

/**
 * A read's JSON text through this process's answers cache (lib/answer-cache.ts), under `key` in the scope's
 * school. Access is decided on every request, before any answer is shared: `decide` (null when the caller's
 * role and the key alone settle it: staff see their whole school, a student their own id) is a query that finds
 * a row if the caller may read, else `missing` (404); its yes is kept as this user's decision (never another's)
 * under the school's epoch, so it is asked again after any change. Then `shared` gives the answer, one load for
 * every allowed reader who misses at once (single flight), the same for each of them; it must not depend on
 * who runs it. Off (or company staff, whose reads name the school in the query and are rare): `own`, the
 * caller's one statement that decides and answers at once.
 */
export async function jsonThroughAnswers(
  deps: CachedReads,
  scope: SchoolScope,
  read: {
    key: string;
    decide: { sql: SQL; missing: string } | null;
    own: () => Promise<string>;
    shared: () => Promise<string>;
  },
): Promise<string> {
  const { answers } = deps;
  if (!answers.enabled || scope.companyReader) return read.own();
  const schoolId = scope.schoolId;
  if (read.decide) {
    const decision = `may:${scope.actor.profileId}:${read.key}`;
    if (answers.get(schoolId, decision) !== true) {
      const epoch = answersEpoch(schoolId);
      const { sql: allowed, missing } = read.decide;
      await inScope(
        deps.db,
        scope,
        async (tx) => {
          if ((await selectRows(tx, allowed)).length === 0) throw notFound(missing);
        },
        { oneStatement: true },
      );
      answers.set(schoolId, decision, true, bytesOfText(decision), epoch);
    }
  }
  return answers.through(schoolId, read.key, read.shared, bytesOfText);
}

/**
 * One statement's answer as the JSON text PostgreSQL shaped (its column `body`), read in a transaction of that
 * one statement; no row is a 404 with `missing`.
 */
export function readJsonBody(deps: CachedReads, scope: SchoolScope, missing: string, query: SQL): Promise<string> {
  return inScope(
    deps.db,
    scope,
    async (tx) => {
      const [row] = await selectRows<{ body: string }>(tx, query);
      if (!row) throw notFound(missing);
      return row.body;
    },
    { oneStatement: true },
  );
}
