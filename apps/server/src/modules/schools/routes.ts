import { BrandQuery, SchoolBrand, SchoolResponse } from '@lyceum/shared/company';
import { SchoolLocale } from '@lyceum/shared/locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, publicActorOf } from '../../lib/request-actor.ts';
import { publicBrand } from './brand.ts';
import { getSchoolLocale, updateSchoolLocale } from './locale.ts';
import { mySchool } from './service.ts';
import { publicReadLimit } from '../../lib/public-read-limit.ts';

/** The signed-in user's own school, and the public brand the sign-in page asks for. */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('/school', { schema: { tags: ['school'], response: { 200: SchoolResponse } } }, (request) =>
    mySchool(deps, actorOf(request)),
  );

  app.get('/school/locale', { schema: { tags: ['school'], response: { 200: SchoolLocale } } }, (request) =>
    getSchoolLocale(deps, actorOf(request)),
  );

  app.put(
    '/school/locale',
    { schema: { tags: ['school'], body: SchoolLocale, response: { 200: SchoolLocale } } },
    (request) => updateSchoolLocale(deps, actorOf(request), request.body),
  );

  app.get(
    '/brand',
    { config: publicReadLimit, schema: { tags: ['school'], querystring: BrandQuery, response: { 200: SchoolBrand } } },
    (request) => publicBrand(deps, publicActorOf(request), request.query),
  );
};
