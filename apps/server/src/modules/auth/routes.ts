import {
  AuthResponse,
  SessionResponse,
  ChangePasswordRequest,
  CompanyAdminSignupRequest,
  CompanyInvitationResponse,
  CompanySignupStatus,
  ForgotPasswordRequest,
  LoginRequest,
  MailVerificationStatus,
  ResetPasswordRequest,
  SchoolAdminSignupRequest,
  SetPasswordLinkCheckRequest,
  SetPasswordLinkStatus,
  VerifyEmailRequest,
} from '@lyceum/shared/auth';
import { NoContent } from '@lyceum/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byClientKey } from '../../lib/client-address.ts';
import { publicReadLimit } from '../../lib/public-read-limit.ts';
import { actorOf, publicActorOf } from '../../lib/request-actor.ts';
import { translateFor } from '../../lib/language.ts';
import {
  changePassword,
  checkSetPasswordLink,
  companySignupStatus,
  createCompanyInvitation,
  forgotPassword,
  login,
  logout,
  me,
  resetPassword,
  signupCompanyAdmin,
  signupSchoolAdmin,
} from './service.ts';
import { mailVerificationStatus, resendVerification, verifyEmail } from './mail-verification.ts';
import { SESSION_COOKIE } from './sessions.ts';

const Message = z.object({ message: z.string() });
/** Logout takes no body; `{}` and the like are let through, anything larger is refused unread. */
export const LOGOUT_BODY_LIMIT = 64;
/** A set-password link's check takes only its token (at most 200 characters); a larger body is refused unread. */
export const LINK_CHECK_BODY_LIMIT = 1024;
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { config } = deps;
  const limit = {
    rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000, keyGenerator: byClientKey },
  };
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
      const { token, auth } = await login(deps, publicActorOf(request), request.body);
      setSessionCookie(request, reply, token);
      return auth;
    },
  );

  // Public and body-less: a body past LOGOUT_BODY_LIMIT is refused (413) before it is read, so nobody can make
  // the server parse a megabyte of nested JSON here without a session (docs/security.md, "Public entry points").
  app.post(
    '/auth/logout',
    { bodyLimit: LOGOUT_BODY_LIMIT, schema: { tags, response: { 204: NoContent } } },
    async (request, reply) => {
      await logout(deps, publicActorOf(request), { token: request.cookies[SESSION_COOKIE] });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.get('/auth/me', { schema: { tags, response: { 200: SessionResponse } } }, async (request) =>
    me(deps, actorOf(request)),
  );

  app.post(
    '/auth/change-password',
    { config: limit, schema: { tags, body: ChangePasswordRequest, response: { 204: NoContent } } },
    async (request, reply) => {
      await changePassword(deps, actorOf(request), { ...request.body, ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: limit, schema: { tags, body: ForgotPasswordRequest, response: { 202: Message } } },
    async (request, reply) => {
      // After the answer: a known address's lookup, token and mail would otherwise make its answer slower
      // than an unknown one's (docs/security.md, "Public entry points").
      const actor = publicActorOf(request);
      const input = request.body;
      deps.afterReply.run('forgot-password', () => forgotPassword(deps, actor, input));
      return reply.status(202).send({
        message: translateFor(
          request,
          reply,
          'If an account exists for that address, we have sent a link to reset its password.',
        ),
      });
    },
  );

  app.post(
    '/auth/reset-password',
    { config: limit, schema: { tags, body: ResetPasswordRequest, response: { 204: NoContent } } },
    async (request, reply) => {
      await resetPassword(deps, publicActorOf(request), request.body);
      return reply.status(204).send();
    },
  );

  // Public: the set-password page asks it on opening, so a used or expired link says so before a password is
  // typed. One read, limited per address like the set-password call, its body bounded (docs/security.md,
  // "Public entry points"); it writes nothing.
  app.post(
    '/auth/reset-password/check',
    {
      config: limit,
      bodyLimit: LINK_CHECK_BODY_LIMIT,
      schema: { tags, body: SetPasswordLinkCheckRequest, response: { 200: SetPasswordLinkStatus } },
    },
    (request) => checkSetPasswordLink(deps, publicActorOf(request), request.body),
  );

  app.post(
    '/auth/signup/school-admin',
    { config: limit, schema: { tags, body: SchoolAdminSignupRequest, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { token, auth } = await signupSchoolAdmin(deps, publicActorOf(request), request.body);
      setSessionCookie(request, reply, token);
      return reply.status(201).send(auth);
    },
  );

  app.get(
    '/auth/signup/company-admin',
    { config: publicReadLimit, schema: { tags, response: { 200: CompanySignupStatus } } },
    (request) => companySignupStatus(deps, publicActorOf(request)),
  );

  app.post(
    '/auth/signup/company-admin',
    { config: limit, schema: { tags, body: CompanyAdminSignupRequest, response: { 201: AuthResponse } } },
    async (request, reply) => {
      const { token, auth } = await signupCompanyAdmin(deps, publicActorOf(request), request.body);
      setSessionCookie(request, reply, token);
      return reply.status(201).send(auth);
    },
  );

  app.post(
    '/auth/verify-email',
    { config: limit, schema: { tags, body: VerifyEmailRequest, response: { 204: NoContent } } },
    async (request, reply) => {
      await verifyEmail(deps, publicActorOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get('/auth/email-verification', { schema: { tags, response: { 200: MailVerificationStatus } } }, (request) =>
    mailVerificationStatus(deps, actorOf(request)),
  );

  app.post(
    '/auth/email-verification/resend',
    { config: limit, schema: { tags, response: { 204: NoContent } } },
    async (request, reply) => {
      await resendVerification(deps, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/company/invitations',
    { schema: { tags: ['company'], response: { 201: CompanyInvitationResponse } } },
    async (request, reply) => reply.status(201).send(await createCompanyInvitation(deps, actorOf(request))),
  );
};
