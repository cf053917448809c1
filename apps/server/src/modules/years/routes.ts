import { IdParams, NoContent } from '@lyceum/shared/api';
import {
  AcademicYear,
  AcademicYearListResponse,
  AcademicYearRequest,
  Promotion,
  PromotionListResponse,
  PromotionPreview,
  PromotionRequest,
} from '@lyceum/shared/years';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { applyPromotion, listPromotions, previewPromotion, undoPromotion } from './promotion.ts';
import { createYear, deleteYear, findWritableYear, listYears, makeCurrentYear, updateYear } from './years.ts';

export const yearRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  {
    const tags = ['academic years'];
    const Year = { 200: AcademicYear };
    app.get('/academic-years', { schema: { tags, response: { 200: AcademicYearListResponse } } }, (r) =>
      listYears(deps, actorOf(r)),
    );
    app.post(
      '/academic-years',
      { schema: { tags, body: AcademicYearRequest, response: { 201: AcademicYear } } },
      async (r, reply) => reply.status(201).send(await createYear(deps, actorOf(r), r.body)),
    );
    app.put(
      '/academic-years/:id',
      {
        config: { onInvalidBody: (r) => findWritableYear(deps, actorOf(r), r.params as { id: string }) },
        schema: { tags, params: IdParams, body: AcademicYearRequest, response: Year },
      },
      (r) => updateYear(deps, actorOf(r), { ...r.params, ...r.body }),
    );
    app.post('/academic-years/:id/current', { schema: { tags, params: IdParams, response: Year } }, (r) =>
      makeCurrentYear(deps, actorOf(r), r.params),
    );
    app.delete(
      '/academic-years/:id',
      { schema: { tags, params: IdParams, response: { 204: NoContent } } },
      async (r, reply) => {
        await deleteYear(deps, actorOf(r), r.params);
        return reply.status(204).send();
      },
    );
  }
  {
    const tags = ['promotions'];
    app.get('/promotions', { schema: { tags, response: { 200: PromotionListResponse } } }, (r) =>
      listPromotions(deps, actorOf(r)),
    );
    app.post(
      '/promotions/preview',
      { schema: { tags, body: PromotionRequest, response: { 200: PromotionPreview } } },
      (r) => previewPromotion(deps, actorOf(r), r.body),
    );
    app.post(
      '/promotions',
      { schema: { tags, body: PromotionRequest, response: { 201: Promotion } } },
      async (r, reply) => reply.status(201).send(await applyPromotion(deps, actorOf(r), r.body)),
    );
    app.post('/promotions/:id/undo', { schema: { tags, params: IdParams, response: { 200: Promotion } } }, (r) =>
      undoPromotion(deps, actorOf(r), r.params),
    );
  }
};
