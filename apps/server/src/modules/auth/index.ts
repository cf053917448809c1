/** The auth module's public surface: sign-in, sessions, passwords and one-time links. */
export { authRoutes } from './routes.ts';
export { issueOneTimeToken, mayMailPasswordLink, setPasswordLink } from './one-time-tokens.ts';
export { hashPassword } from './passwords.ts';
export { issueSetupCode, setupCodeNotice } from './setup-code.ts';
export { assertSchoolMaySendMail, schoolMailRefusal } from './school-mail-guard.ts';
export { identifySchoolUser, INVITE_TOKEN_DAYS } from './service.ts';
export {
  type FreshReader,
  readFreshReaders,
  resolveSession,
  revokeSessions,
  SESSION_COOKIE,
} from './sessions.ts';
