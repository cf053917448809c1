import {
  LIVE_EVENT_KINDS,
  type LiveEventKind,
  MAX_STREAMS_PER_USER,
  RESYNC_EVENT,
  SUBSCRIPTION_EVENT,
  UNREAD_EVENT,
} from '@lyceum/shared/live-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/request-actor.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { openEventStream } from './service.ts';

/**
 * What each kind the stream sends carries, for the OpenAPI document. Keyed by LiveEventKind, the kinds a writer
 * may publish, so a new kind does not type-check until it is documented here.
 */
const KIND_DATA: Record<LiveEventKind, string> = {
  notification: 'a new notification, or one rewritten in place (data: a Notification, as in GET /notifications)',
  attendance: "a class's attendance changed (data: {classId}): refetch its register and the day's figures",
  timetable: "a class's timetable changed (data: {classId}): refetch its week",
  announcement:
    'an announcement published or restored (data: the Announcement, as GET /announcements/{id} answers the ' +
    'reader), or archived (data: {id, withdrawn: true}; `unread` follows)',
  message: 'a new message in one of your conversations (data: a Message)',
  conversation: 'a group was made, renamed, deleted or its members changed (data: {id}): refetch the conversations',
};

/** Every event name the stream sends, in the order a client meets them: `unread` first, the kinds, `resync`. */
const STREAM_EVENTS: Record<string, string> = {
  [UNREAD_EVENT]:
    'first, and again after every `resync`, after an announcement is archived and after a notification is ' +
    'rewritten in place (data: {notifications, messages}, the unread counts now; messages is null for company ' +
    'staff)',
  ...Object.fromEntries(LIVE_EVENT_KINDS.map((kind) => [kind, KIND_DATA[kind]])),
  [RESYNC_EVENT]: 'events may have been missed (data: {}): refetch',
  [SUBSCRIPTION_EVENT]:
    "the school's subscription lapsed or was cancelled (data: {active: false}) or is in force again " +
    '(data: {active: true}); the stream ends after it: reconnect. While the school has no subscription in ' +
    'force its stream carries `unread` (messages: null), `notification` and `resync` only',
};

const DESCRIPTION =
  `text/event-stream. Each event's \`event:\` name is one of: ${Object.entries(STREAM_EVENTS)
    .map(([name, data]) => `\`${name}\`: ${data}`)
    .join('; ')}. A comment line every 25 s keeps proxies open. Cookie sessions only; at most ` +
  `${MAX_STREAMS_PER_USER} open streams per user and server process, and EVENT_STREAMS_PER_ADDRESS (1000 by ` +
  'default) per client address, every user together (429 beyond).';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Open streams would keep the HTTP server from closing; end them before it waits for its connections.
  app.addHook('preClose', async () => deps.live.endAll());
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live events (Server-Sent Events) for the signed-in user',
        description: DESCRIPTION,
        produces: ['text/event-stream'],
        response: {
          200: z.string().meta({ description: 'text/event-stream', 'x-event-names': Object.keys(STREAM_EVENTS) }),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const sessionToken = request.cookies[SESSION_COOKIE];
      // Fastify answers HEAD with this handler too; a probe should not hold a stream (and a slot) open.
      if (request.method === 'HEAD' && !actor.apiKey && sessionToken) {
        return reply.type('text/event-stream').header('cache-control', 'no-cache').send('');
      }
      openEventStream(deps, actor, { sessionToken, request, reply });
    },
  );
};
