import { AuthResponse, SetLanguageRequest, UpdateProfileRequest } from '@lyceum/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { setLanguage, updateProfile } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/profile',
    { schema: { tags: ['profile'], body: UpdateProfileRequest, response: { 200: AuthResponse } } },
    async (request) => updateProfile(app.deps, actorOf(request), request.body),
  );

  app.put(
    '/profile/language',
    { schema: { tags: ['profile'], body: SetLanguageRequest, response: { 200: AuthResponse } } },
    async (request) => setLanguage(app.deps, actorOf(request), request.body),
  );
};
