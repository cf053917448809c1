import {
  AuthResponse,
  ChangePasswordRequest,
  CompanyAdminSignupRequest,
  CompanyInvitationResponse,
  CompanySignupStatus,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SchoolAdminSignupRequest,
} from '@lyceum/shared/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { schools } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { tenantOf, toAuthResponse } from '../../lib/actor.ts';
import { brandOf } from '../schools/index.ts';
import { actorOf } from '../../lib/request-actor.ts';
import { revokeSessionByToken, SESSION_COOKIE } from './sessions.ts';

const Message = z.object({ message: z.string() });
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, config, db } = app.deps;
  const limit = {
    rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => r.ip },
  };
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: config.sessionTtlDays * 86_400,
    });

  app.post(
    '/auth/login',
    { config: limit, schema: { tags, body: LoginRequest, response: { 200: AuthResponse } } },
    async (request, reply) => {
      const { token, auth: body } = await auth.login(request.body, meta(request));
      setSessionCookie(request, reply, token);
      return body;
    },
  );

  app.post('/auth/logout', { schema: { tags } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSessionByToken(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/auth/me', { schema: { tags, response: { 200: AuthResponse } } }, async (request) => {
    const actor = actorOf(request);
    const auth = toAuthResponse(actor);
    if (!auth.school || !actor.schoolId) return auth;
    // White Label: the client swaps the product title and theme for the school's brand.
    const brand = await withTenant(app.deps.db, tenantOf(actor), async (tx) => {
      const [school] = await tx
        .select()
        .from(schools)
        .where(eq(schools.id, actor.schoolId as string));
      return school ? (await brandOf(tx, school)).brand : null;
    });
    return { ...auth, school: { ...auth.school, brand } };
  });

  app.post(
    '/auth/change-password',
    { config: limit, schema: { tags, body: ChangePasswordRequest } },
    async (request, reply) => {
      await auth.changePassword(actorOf(request), request.body, meta(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: limit, schema: { tags, body: ForgotPasswordRequest, response: { 202: Message } } },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email);
      return reply.status(202).send({
        message: 'If an account exists for that address, we have sent a link to reset its password.',
      });
    },
  );

  app.post(
    '/auth/reset-password',
    { config: limit, schema: { tags, body: ResetPasswordRequest } },
    async (request, reply) => {
      await auth.resetPassword(request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/signup/school-admin',
    { config: limit, schema: { tags, body: SchoolAdminSignupRequest, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { token, auth: body } = await auth.signupSchoolAdmin(request.body, meta(request));
      setSessionCookie(request, reply, token);
      return reply.status(201).send(body);
    },
  );

  app.get('/auth/signup/company-admin', { schema: { tags, response: { 200: CompanySignupStatus } } }, async () => ({
    open: await auth.companySignupOpen(),
  }));

  app.post(
    '/auth/signup/company-admin',
    { config: limit, schema: { tags, body: CompanyAdminSignupRequest, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { token, auth: body } = await auth.signupCompanyAdmin(request.body, meta(request));
      setSessionCookie(request, reply, token);
      return reply.status(201).send(body);
    },
  );

  app.post(
    '/company/invitations',
    { schema: { tags: ['company'], response: { 201: CompanyInvitationResponse } } },
    async (request, reply) => reply.status(201).send(await auth.createCompanyInvitation(actorOf(request))),
  );
};
