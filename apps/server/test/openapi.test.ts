import { LIVE_EVENT_KINDS, RESYNC_EVENT, SUBSCRIPTION_EVENT, UNREAD_EVENT } from '@lyceum/shared/live-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Every operation of the API documents what it takes and what it answers: the OpenAPI document at /api/docs
 * is built from the route schemas, so a route without one is a route whose input nobody validates or whose
 * output nobody checks.
 */

interface JsonSchema {
  'x-event-names'?: unknown;
  type?: unknown;
  properties?: unknown;
  anyOf?: unknown;
  oneOf?: unknown;
  allOf?: unknown;
  $ref?: unknown;
}
interface MediaType {
  schema?: JsonSchema;
}
interface Operation {
  description?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * Write routes that take no body: each acts on the resource its URL names, and everything it needs is in the
 * path and the session. Keep this list short and say why for each entry.
 */
const BODY_LESS: Record<string, string> = {
  'POST /api/v1/auth/logout': 'ends the session the cookie names',
  'POST /api/v1/company/invitations': 'a new invitation code; nothing to choose',
  'POST /api/v1/notifications/read-all': "marks all of the caller's notifications read",
  'POST /api/v1/notifications/{id}/read': 'marks the notification in the path read',
  'POST /api/v1/messages/conversations/{id}/read': 'marks the conversation in the path read',
  'POST /api/v1/messages/groups/{id}/leave': 'the caller leaves the group in the path',
  'POST /api/v1/announcements/{id}/read': 'records that the caller read the announcement in the path',
  'POST /api/v1/company/schools/{id}/deactivate': 'an action on the school in the path',
  'POST /api/v1/company/schools/{id}/reactivate': 'an action on the school in the path',
  'POST /api/v1/company/schools/{id}/subscription/cancel': "cancels the path's school's active subscription",
  'POST /api/v1/company/addon-requests/{id}/approve': 'an action on the request in the path',
  'POST /api/v1/company/payments/{id}/confirm': 'an action on the payment in the path',
  'POST /api/v1/api-keys/{id}/revoke': 'an action on the key in the path',
  'POST /api/v1/students/{id}/deactivate': 'an action on the student in the path',
  'POST /api/v1/students/{id}/reactivate': 'an action on the student in the path',
  'POST /api/v1/teachers/{id}/deactivate': 'an action on the teacher in the path',
  'POST /api/v1/teachers/{id}/reactivate': 'an action on the teacher in the path',
  'POST /api/v1/parents/{id}/deactivate': 'an action on the parent in the path',
  'POST /api/v1/parents/{id}/reactivate': 'an action on the parent in the path',
  'POST /api/v1/users/{id}/deactivate': 'an action on the user in the path',
  'POST /api/v1/users/{id}/reactivate': 'an action on the user in the path',
  'POST /api/v1/subjects/{id}/deactivate': 'an action on the subject in the path',
  'POST /api/v1/subjects/{id}/reactivate': 'an action on the subject in the path',
  'POST /api/v1/classes/{id}/deactivate': 'an action on the classe in the path',
  'POST /api/v1/classes/{id}/reactivate': 'an action on the classe in the path',
  'POST /api/v1/teachers/{id}/promote': 'promotes the teacher in the path to school admin',
  'POST /api/v1/users/{id}/resend-invitation': 'a new invitation mail to the user in the path',
  'POST /api/v1/auth/email-verification/resend': "a new verification link to the caller's own address",
  'POST /api/v1/academic-years/{id}/current': 'makes the year in the path the current one',
  'POST /api/v1/promotions/{id}/undo': 'undoes the promotion in the path',
  'POST /api/v1/profile/picture':
    'multipart/form-data: the route streams the one file part and checks its size, count and image type',
  'POST /api/v1/attachments':
    'multipart/form-data: the route streams the one file part and checks its size, count and type by content',
};

const WRITES = new Set(['post', 'put', 'patch']);

/** A schema that says something: `{}` (what `z.unknown()` or `z.any()` become) accepts anything. */
function describesSomething(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  return ['type', 'properties', 'anyOf', 'oneOf', 'allOf', '$ref'].some((k) => k in schema);
}

function hasBodySchema(op: Operation): boolean {
  const content = op.requestBody?.content ?? {};
  const media = Object.values(content);
  return media.length > 0 && media.every((m) => describesSomething(m.schema));
}

/**
 * A success response is declared when it has a schema, or is a 204 (no content by definition). A route with
 * no response schema still shows a 200 "Default Response" without content, which fails here.
 */
function hasSuccessResponse(op: Operation): boolean {
  const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  return (
    success.length > 0 &&
    success.every(([status, r]) => {
      if (status === '204') return r.description !== 'Default Response';
      const media = Object.values(r.content ?? {});
      return media.length > 0 && media.every((m) => describesSomething(m.schema));
    })
  );
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, op })),
    );

  it('lists the API', () => {
    expect(operations().length).toBeGreaterThan(50);
  });

  it('declares a request body schema on every write route, except the body-less actions listed', () => {
    const missing = operations()
      .filter(({ key, method, op }) => WRITES.has(method) && !(key in BODY_LESS) && !hasBodySchema(op))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('lists as body-less only routes that exist and take no body', () => {
    const byKey = new Map(operations().map((o) => [o.key, o.op]));
    for (const key of Object.keys(BODY_LESS)) {
      expect(byKey.has(key), key).toBe(true);
      expect(byKey.get(key)?.requestBody, key).toBeUndefined();
    }
  });

  it('names every event the live stream sends: its opening counts, every kind a writer publishes, resync, a lapse', () => {
    // LIVE_EVENT_KINDS is what a writer may publish (LiveEvent.kind); the stream writes each under its own name.
    const sent = [UNREAD_EVENT, ...LIVE_EVENT_KINDS, RESYNC_EVENT, SUBSCRIPTION_EVENT];
    const events = doc.paths['/api/v1/events']?.get;
    const schema = events?.responses?.['200']?.content?.['text/event-stream']?.schema;
    expect(schema?.['x-event-names']).toEqual(sent);
    for (const name of sent) expect(events?.description, name).toContain(`\`${name}\`: `);
  });

  it('declares a response schema for the success status of every route', () => {
    const missing = operations()
      .filter(({ op }) => !hasSuccessResponse(op))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });
});
