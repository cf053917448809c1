import { AuthResponse, UpdateProfileRequest } from '@lyceum/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/request-actor.ts';
import { updateProfile } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/profile',
    { schema: { tags: ['profile'], body: UpdateProfileRequest, response: { 200: AuthResponse } } },
    async (request) => updateProfile(app.deps, actorOf(request), request.body),
  );
};
