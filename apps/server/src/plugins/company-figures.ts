import type { FastifyInstance } from 'fastify';
import { dropCompanyFigures } from '../modules/dashboard/index.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Once a change by company staff succeeds (deactivating a school, assigning a plan, confirming a payment…),
 * the company dashboard's cached figures are dropped, so the next read shows it rather than figures up to
 * COMPANY_FIGURES_TTL_MS old. On send, before the answer leaves: no read that follows it sees the old figures.
 */
export function registerCompanyFiguresRefresh(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.actor?.kind === 'company' && STATE_CHANGING.has(request.method) && reply.statusCode < 400) {
      dropCompanyFigures(app.deps.db);
    }
    return payload;
  });
}
