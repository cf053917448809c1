import type { FastifyInstance } from 'fastify';
import { noteSchoolChange } from '../lib/answer-cache.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Public and session routes have no school actor here, so they would empty every school's answers: sign-in and
 * sign-out in bursts at the start and end of a school day, and a reset link asked for by anyone on the
 * internet. Sign-out writes only a session, a reset request only a token and a queued mail, and a link's check
 * nothing, which no cached answer reads; sign-in also writes the sign-in time, which the people lists show: the sign-in service drops its
 * own school's answers.
 */
const TOUCHES_NO_ANSWER = new Set([
  '/api/v1/auth/login',
  '/api/v1/auth/logout',
  '/api/v1/auth/forgot-password',
  // Only reads whether a set-password link still works.
  '/api/v1/auth/reset-password/check',
]);

/**
 * After a change request, the cached answers it may have changed are dropped (lib/answer-cache.ts): its school's
 * when a school user or API key made it, every school's when company staff or a public route did (sign-up,
 * invitations, resets…). On send: the change has committed and its answer has not left yet, so the writer's
 * next read, and every read that starts after it, sees the change. A client error (4xx) changed nothing (its
 * transaction rolled back); a server error may have failed after its commit, so it counts as a change.
 */
export function registerAnswersRefresh(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!STATE_CHANGING.has(request.method)) return payload;
    const status = reply.statusCode;
    if (status >= 400 && status < 500) return payload;
    if (TOUCHES_NO_ANSWER.has(request.routeOptions.url ?? '')) return payload;
    const actor = request.actor;
    noteSchoolChange(actor?.kind === 'school' && actor.schoolId ? actor.schoolId : null);
    return payload;
  });
}
