import type {
  AuthResponse,
  ChangePasswordRequest,
  CompanyAdminSignupRequest,
  CompanyInvitationResponse,
  CompanySignupStatus,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SchoolAdminSignupRequest,
  SessionResponse,
  SetPasswordLinkCheckRequest,
  SetPasswordLinkStatus,
} from '@lyceum/shared/auth';
import { MESSAGES } from '@lyceum/shared/errors';
import { DEFAULT_SCHOOL_LOCALE, type Language, type SchoolLocale } from '@lyceum/shared/locale';
import { TRIAL_DAYS } from '@lyceum/shared/plans';
import { isCompanyRole, type Role } from '@lyceum/shared/roles';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  accounts,
  companyInvitations,
  companyStaff,
  oneTimeTokens,
  plans,
  schoolSubscriptions,
  schools,
  users,
} from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import { type Actor, type PublicActor, tenantOf, toAuthResponse } from '../../lib/actor.ts';
import { clientKey } from '../../lib/client-address.ts';
import { audit } from '../../db/audit.ts';
import { selectRows } from '../../db/select-rows.ts';
import { AppError, RetryLater } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueMail, mailLocaleOf } from '../../db/mail.ts';
import { passwordResetMail } from '../../lib/mail-texts.ts';
import type { Deps } from '../../deps.ts';
import { deleteSetupCodes, isSetupCode } from './setup-code.ts';
import { bytesOfObject, noteSchoolChange } from '../../lib/answer-cache.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { newSecret, sha256 } from '../../lib/tokens.ts';
import { assertPasswordPolicy, burnHashTime, hashPassword, verifyPassword } from './passwords.ts';
import { issueOneTimeToken, mayMailPasswordLink, setPasswordLink } from './one-time-tokens.ts';
import { brandFrom, entitledNamesSql, localeOf } from '../schools/index.ts';
import { countUnread, unreadCountSql } from '../notifications/index.ts';
import { unreadMessagesSql } from '../messages/index.ts';
import { createSession, type Profile, revokeAccountSessions, revokeSessionByToken } from './sessions.ts';
import { beginPasswordAttempt, forgetFailuresOf } from './sign-in-throttle.ts';
import { logRefusedSignIn, type RefusalReason } from './refused-sign-in.ts';
import { queueVerificationMail } from './mail-verification.ts';
import { assertTrialAllowed } from './trial-plans.ts';
import { resetMailSender } from './school-mail-guard.ts';

/** Wrong passwords allowed for one e-mail from one address before it is held (sign-in-throttle.ts). */
export { FREE_FAILURES_PER_PAIR as LOGIN_FAILURES_PER_ACCOUNT } from './sign-in-throttle.ts';
/** Reset e-mails sent per account per hour; more requests are accepted but send nothing. */
export { RESET_MAILS_PER_HOUR } from '@lyceum/shared/constants';
export const RESET_TOKEN_MINUTES = 60;
export const INVITE_TOKEN_DAYS = 7;
export const COMPANY_INVITATION_DAYS = 7;

interface FoundProfile extends Profile {
  name: string;
  email: string;
  phone: string | null;
  profileImage: string | null;
  isActive: boolean;
  school: { name: string; logo: string | null; isActive: boolean; locale: SchoolLocale } | null;
}

const invalidCredential = () => new AppError('auth/invalid-credential', MESSAGES.invalidCredential);
const emailInUse = () => new AppError('auth/email-already-in-use', MESSAGES.emailInUse, { email: MESSAGES.emailInUse });

/** E-mail and password checked with the sign-in's throttling and no-enumeration rules; the account or an error. */
async function verifyCredentials(deps: Deps, email: string, password: string, ip: string | undefined) {
  const refused = (reason: RefusalReason) => logRefusedSignIn(deps.log, { email, ip, reason });
  const attempt = await beginPasswordAttempt(deps.db, email, ip).catch((err) => {
    if (err instanceof AppError && err.code === 'auth/too-many-requests') refused('held after too many failures');
    throw err;
  });
  const account = await findAccount(deps, email);
  if (!account) {
    await burnHashTime(password);
    refused('no such account');
    throw invalidCredential();
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    refused('wrong password');
    throw invalidCredential();
  }
  await attempt.succeeded();
  if (account.disabledAt) throw new AppError('auth/user-disabled', MESSAGES.userDisabled);
  return account;
}

/**
 * A school user refused at sign-in (lapsed subscription, deactivated school) proves who they are so the
 * plan-expiry screen can reach sales; no session is created.
 */
export async function identifySchoolUser(deps: Deps, input: { email: string; password: string; ip: string }) {
  const { email, password, ip } = input;
  const account = await verifyCredentials(deps, email, password, ip);
  const profile = await withSystem(deps.db, (tx) => findProfile(tx, account.id, 'school_admin'));
  if (profile?.kind !== 'school' || !profile.schoolId || !profile.isActive) {
    throw new AppError('forbidden', MESSAGES.forbidden);
  }
  return {
    accountId: account.id,
    userId: profile.id,
    schoolId: profile.schoolId,
    role: profile.role,
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
  };
}

export async function login(
  deps: Deps,
  actor: PublicActor,
  input: LoginRequest,
): Promise<{ token: string; auth: AuthResponse }> {
  const account = await verifyCredentials(deps, input.email, input.password, actor.ip);
  const profile = await withSystem(deps.db, (tx) => findProfile(tx, account.id, input.role));
  if (!profile) throw new AppError('auth/profile-not-found', MESSAGES.profileNotFound(account.email));
  if (!profile.isActive) throw new AppError('auth/user-disabled', MESSAGES.userDisabled);
  if (profile.kind === 'school' && profile.schoolId) {
    if (profile.school && !profile.school.isActive) throw new AppError('auth/school-inactive', MESSAGES.schoolInactive);
    await assertSubscriptionActive(deps, profile.schoolId, profile.role);
  }

  // Now as the server tells it (deps.clock, which tests set), so the time the people lists show can be checked.
  const now = deps.clock();
  // Never signed in before (an invited or staff-made account): the whole session is its first visit, which the
  // dashboard welcomes without a "back" (docs/product.md, "Sessions"). Sign-up records its own sign-in time.
  const firstVisit = account.lastLoginAt === null;
  const token = await withSystem(deps.db, async (tx) => {
    await tx
      .update(accounts)
      .set({ failedLogins: 0, failedLoginsSince: null, lastLoginAt: now })
      .where(eq(accounts.id, account.id));
    if (profile.kind === 'school' && profile.schoolId) {
      await tx
        .update(users)
        .set({ lastLoginAt: now })
        .where(and(eq(users.schoolId, profile.schoolId), eq(users.id, profile.id)));
    }
    return createSession(tx, {
      accountId: account.id,
      profile,
      ttlDays: deps.config.sessionTtlDays,
      ip: actor.ip,
      userAgent: actor.userAgent,
      firstVisit,
    });
  });
  // The sign-in time shows in the people lists, which the answers cache keeps: drop the school's answers, now
  // the time has committed (plugins/answers-refresh.ts leaves sign-in to this, as it has no school to name).
  if (profile.kind === 'school' && profile.schoolId) noteSchoolChange(profile.schoolId);
  return { token, auth: authResponseOf(profile, account.language, firstVisit) };
}

export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: ChangePasswordRequest & { ip: string },
): Promise<void> {
  const account = await findAccountById(deps, actor.accountId);
  // Counted with sign-in's, so a stolen session gets no extra guesses at the current password.
  const attempt = account ? await beginPasswordAttempt(deps.db, account.email, input.ip) : null;
  if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw new AppError('auth/wrong-password', MESSAGES.wrongCurrentPassword, {
      currentPassword: MESSAGES.wrongCurrentPassword,
    });
  }
  await attempt?.succeeded();
  assertPasswordPolicy(input.newPassword, deps.config.passwordMinLength, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await withSystem(deps.db, async (tx) => {
    await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, actor.accountId));
    await revokeAccountSessions(tx, actor.accountId, actor.sessionId);
  });
  await withTenant(deps.db, tenantOf(actor), (tx) =>
    audit(tx, actor, {
      schoolId: actor.schoolId,
      action: 'password.changed',
      entity: 'account',
      entityId: actor.accountId,
    }),
  );
}

/** Always answers the same, whether or not the address has an account (no enumeration). */
export async function forgotPassword(deps: Deps, _actor: PublicActor, input: ForgotPasswordRequest): Promise<void> {
  const { email } = input;
  const account = await findAccount(deps, email);
  if (!account || account.disabledAt) return;
  const queued = await withSystem(deps.db, async (tx) => {
    if (!(await mayMailPasswordLink(tx, account.id, 'reset'))) return false;
    const sender = await resetMailSender(tx, account.id);
    if (!sender) return false;
    const token = await issueOneTimeToken(tx, account.id, 'reset', RESET_TOKEN_MINUTES * 60_000);
    const mail = passwordResetMail(await mailLocaleOf(tx, account.email), {
      link: setPasswordLink(deps.config.publicUrl, token),
      minutes: RESET_TOKEN_MINUTES,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    await enqueueMail(tx, { to: account.email, ...mail, schoolId: sender.schoolId });
    return true;
  });
  if (queued) void deps.mail.flush();
}

type OneTimeToken = typeof oneTimeTokens.$inferSelect;

/**
 * Refuses a set-password link that can no longer set a password: used, unknown, an address confirmation's, or
 * expired. Setting the password and checking the link when its page opens share it, so the check tells no more
 * than trying would.
 */
function assertSetPasswordLink(token: OneTimeToken | undefined): asserts token is OneTimeToken {
  // A verification link proves an address; it never sets a password.
  if (!token || token.usedAt || token.purpose === 'verify_email')
    throw new AppError('auth/invalid-action-code', MESSAGES.invalidActionCode);
  if (token.expiresAt.getTime() <= Date.now())
    throw new AppError('auth/expired-action-code', MESSAGES.expiredActionCode);
}

/**
 * Whether a set-password link (a reset or an invitation) can still set a password, asked when its page opens,
 * so a used or expired link says so before a password is typed (docs/product.md, "Password reset"). One read;
 * it uses nothing up.
 */
export async function checkSetPasswordLink(
  deps: Deps,
  _actor: PublicActor,
  input: SetPasswordLinkCheckRequest,
): Promise<SetPasswordLinkStatus> {
  const [token] = await withSystem(deps.db, (tx) =>
    tx
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(input.token))),
  );
  assertSetPasswordLink(token);
  return { valid: true };
}

export async function resetPassword(deps: Deps, _actor: PublicActor, input: ResetPasswordRequest): Promise<void> {
  assertPasswordPolicy(input.password, deps.config.passwordMinLength);
  const passwordHash = await hashPassword(input.password);
  await withSystem(deps.db, async (tx) => {
    const [token] = await tx
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(input.token)))
      .for('update');
    assertSetPasswordLink(token);
    await tx.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, token.id));
    await tx
      .update(accounts)
      .set({ passwordHash, failedLogins: 0, failedLoginsSince: null, updatedAt: new Date() })
      .where(eq(accounts.id, token.accountId));
    await revokeAccountSessions(tx, token.accountId);
    await forgetFailuresOf(tx, token.accountId);
    await audit(tx, null, {
      schoolId: null,
      action: `password.${token.purpose}`,
      entity: 'account',
      entityId: token.accountId,
    });
  });
}

/**
 * A new school, its first admin and a trial (docs/product.md, "Sign-up"). One client address signs up at most
 * SIGNUP_DAILY_LIMIT_PER_ADDRESS schools a day ("Rate limits and lock-out"): each is a school, a verification mail
 * to the address typed and 20 MB of files the platform pays for. Its place is taken after the cheap checks and
 * before the password hash, and given back when the sign-up is refused, so only accepted sign-ups count.
 */
export async function signupSchoolAdmin(deps: Deps, actor: PublicActor, input: SchoolAdminSignupRequest) {
  assertPasswordPolicy(input.password, deps.config.passwordMinLength);
  const place = deps.signups.take(clientKey(actor.ip));
  if (!place.allowed) {
    throw new RetryLater('auth/too-many-requests', MESSAGES.signupsToday, place.retryAfterSeconds);
  }
  let signedUp: Awaited<ReturnType<typeof createSignedUpSchool>>;
  try {
    signedUp = await createSignedUpSchool(deps, actor, input);
  } catch (err) {
    place.giveBack();
    throw err;
  }
  void deps.mail.flush();
  return signedUp;
}

async function createSignedUpSchool(deps: Deps, actor: PublicActor, input: SchoolAdminSignupRequest) {
  const passwordHash = await hashPassword(input.password);
  return withUniqueEmail(() =>
    withSystem(deps.db, async (tx) => {
      if (await emailTaken(tx, input.email)) throw emailInUse();
      const [plan] = await tx
        .select()
        .from(plans)
        .where(and(eq(plans.id, input.planId), eq(plans.isActive, true)));
      if (!plan) throw new AppError('validation', 'Choose one of the offered plans', { planId: 'Choose a plan' });
      assertTrialAllowed(plan);

      const accountId = newId();
      const schoolId = newId();
      const userId = newId();
      // The server's clock, as sign-in's time and the trial's days left (My Subscription) read it.
      const now = deps.clock();
      const locale: SchoolLocale = {
        ...DEFAULT_SCHOOL_LOCALE,
        language: input.language ?? DEFAULT_SCHOOL_LOCALE.language,
      };
      // Signing up signs the admin in (the session below): it counts as their first sign-in.
      await tx.insert(accounts).values({ id: accountId, email: input.email, passwordHash, lastLoginAt: now });
      await tx.insert(schools).values({
        id: schoolId,
        name: input.schoolName,
        address: input.address || null,
        phone: input.phone || null,
        email: input.email,
        principalName: null,
        adminIds: [userId],
        ...locale,
        awaitingMailVerification: true,
        signupAccountId: accountId,
      });
      await tx.insert(users).values({
        schoolId,
        id: userId,
        accountId,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        role: 'school_admin',
        lastLoginAt: now,
      });
      await tx.insert(schoolSubscriptions).values({
        schoolId,
        id: newId(),
        planId: plan.id,
        startDate: now,
        endDate: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        status: 'active',
        // A free trial owes nothing (docs/product.md, "Billing: what is due").
        paymentStatus: 'none',
        billingCycle: 'monthly',
        totalAmountMinor: plan.priceMinor,
        planAmountMinor: plan.priceMinor,
        currency: plan.currency,
        subscriptionType: 'initial',
        isInitial: true,
        isTrial: true,
      });
      await audit(
        tx,
        { accountId, role: 'school_admin' },
        {
          schoolId,
          action: 'school.signed_up',
          entity: 'school',
          entityId: schoolId,
          after: { name: input.schoolName, planId: plan.id, trialDays: TRIAL_DAYS, language: locale.language },
        },
      );
      const profile: FoundProfile = {
        kind: 'school',
        id: userId,
        schoolId,
        role: 'school_admin',
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        profileImage: null,
        isActive: true,
        school: { name: input.schoolName, logo: null, isActive: true, locale },
      };
      await queueVerificationMail(tx, deps.config.publicUrl, { id: accountId, email: input.email });
      const token = await createSession(tx, {
        accountId,
        profile,
        ttlDays: deps.config.sessionTtlDays,
        ip: actor.ip,
        userAgent: actor.userAgent,
        firstVisit: true,
      });
      return { token, auth: authResponseOf(profile, null, true) };
    }),
  );
}

export async function companySignupStatus(deps: Deps, _actor: PublicActor): Promise<CompanySignupStatus> {
  const [row] = await withSystem(deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(companyStaff));
  return { open: (row?.n ?? 0) === 0 };
}

/**
 * The first company account needs a setup code from the server's start-up log (setup-code.ts); afterwards only
 * an invitation code from a company_admin opens it.
 */
export async function signupCompanyAdmin(deps: Deps, actor: PublicActor, input: CompanyAdminSignupRequest) {
  assertPasswordPolicy(input.password, deps.config.passwordMinLength);
  const passwordHash = await hashPassword(input.password);
  return withUniqueEmail(() =>
    withSystem(deps.db, async (tx) => {
      // Serialises concurrent sign-ups so "the first account" can only be taken once.
      await tx.execute(sql`select pg_advisory_xact_lock(7205759403792794)`);
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(companyStaff);
      let invitationId: string | null = null;
      if (n === 0) {
        if (!input.setupCode) {
          throw new AppError('auth/operation-not-allowed', MESSAGES.setupCodeRequired, {
            setupCode: MESSAGES.setupCodeRequired,
          });
        }
        if (!(await isSetupCode(tx, input.setupCode))) {
          throw new AppError('auth/operation-not-allowed', MESSAGES.invalidSetupCode, {
            setupCode: MESSAGES.invalidSetupCode,
          });
        }
        await deleteSetupCodes(tx);
      } else {
        if (!input.invitationCode) throw new AppError('auth/operation-not-allowed', MESSAGES.companySignupClosed);
        const [invitation] = await tx
          .select()
          .from(companyInvitations)
          .where(
            and(
              eq(companyInvitations.codeHash, sha256(input.invitationCode)),
              isNull(companyInvitations.usedAt),
              gt(companyInvitations.expiresAt, new Date()),
            ),
          );
        if (!invitation) {
          throw new AppError('auth/operation-not-allowed', MESSAGES.invalidInvitation, {
            invitationCode: MESSAGES.invalidInvitation,
          });
        }
        invitationId = invitation.id;
      }
      if (await emailTaken(tx, input.email)) throw emailInUse();
      const accountId = newId();
      const staffId = newId();
      // Signing up signs them in (the session below): it counts as their first sign-in.
      await tx.insert(accounts).values({ id: accountId, email: input.email, passwordHash, lastLoginAt: new Date() });
      await tx.insert(companyStaff).values({
        id: staffId,
        accountId,
        name: input.name,
        email: input.email,
        role: 'company_admin',
      });
      if (invitationId) {
        await tx
          .update(companyInvitations)
          .set({ usedAt: new Date(), usedBy: staffId })
          .where(eq(companyInvitations.id, invitationId));
      }
      await audit(
        tx,
        { accountId, role: 'company_admin' },
        {
          schoolId: null,
          action: 'company_admin.signed_up',
          entity: 'company_staff',
          entityId: staffId,
          after: { email: input.email, invited: Boolean(invitationId) },
        },
      );
      const profile: FoundProfile = {
        kind: 'company',
        id: staffId,
        schoolId: null,
        role: 'company_admin',
        name: input.name,
        email: input.email,
        phone: null,
        profileImage: null,
        isActive: true,
        school: null,
      };
      const token = await createSession(tx, {
        accountId,
        profile,
        ttlDays: deps.config.sessionTtlDays,
        ip: actor.ip,
        userAgent: actor.userAgent,
        firstVisit: true,
      });
      return { token, auth: authResponseOf(profile, null, true) };
    }),
  );
}

export async function createCompanyInvitation(deps: Deps, actor: Actor): Promise<CompanyInvitationResponse> {
  const code = newSecret(18);
  const expiresAt = new Date(Date.now() + COMPANY_INVITATION_DAYS * 86_400_000);
  await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const id = newId();
    await tx.insert(companyInvitations).values({ id, codeHash: sha256(code), createdBy: actor.profileId, expiresAt });
    await audit(tx, actor, {
      schoolId: null,
      action: 'company_invitation.created',
      entity: 'company_invitation',
      entityId: id,
    });
  });
  return { code, expiresAt: expiresAt.toISOString() };
}

function authResponseOf(profile: FoundProfile, language: Language | null, firstVisit: boolean): AuthResponse {
  return toAuthResponse({
    language,
    firstVisit,
    profileId: profile.id,
    schoolId: profile.schoolId,
    role: profile.role,
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    profileImage: profile.profileImage,
    school: profile.school
      ? { name: profile.school.name, logo: profile.school.logo, locale: profile.school.locale }
      : null,
  });
}

/**
 * docs/product.md, "Signing in": if the check itself fails, sign-in is allowed (logged as a warning). The school's
 * admin is told to contact sales, everyone else to contact the school's admin.
 */
async function assertSubscriptionActive(deps: Deps, schoolId: string, role: Role): Promise<void> {
  let active: boolean;
  try {
    active = await withSystem(deps.db, (tx) => deps.subscriptionGate(tx, schoolId, deps.clock()));
  } catch (err) {
    deps.log.warn({ err, schoolId }, 'subscription check failed; allowing sign-in');
    return;
  }
  if (!active) {
    const message = role === 'school_admin' ? MESSAGES.subscriptionExpiredAdmin : MESSAGES.subscriptionExpired;
    throw new AppError('auth/subscription-expired', message);
  }
}

/** The chosen role only decides which kind of profile is looked up first (docs/product.md, "Signing in"). */
async function findProfile(tx: Tx, accountId: string, role: Role): Promise<FoundProfile | null> {
  const company = async (): Promise<FoundProfile | null> => {
    const [s] = await tx.select().from(companyStaff).where(eq(companyStaff.accountId, accountId)).limit(1);
    return s
      ? {
          kind: 'company',
          id: s.id,
          schoolId: null,
          role: s.role,
          name: s.name,
          email: s.email,
          phone: s.phone,
          profileImage: s.profileImage,
          isActive: s.isActive,
          school: null,
        }
      : null;
  };
  const school = async (): Promise<FoundProfile | null> => {
    const [row] = await tx
      .select({
        u: users,
        school: {
          name: schools.name,
          logo: schools.logo,
          isActive: schools.isActive,
          language: schools.language,
          timeZone: schools.timeZone,
          currency: schools.currency,
          dateFormat: schools.dateFormat,
          weekStart: schools.weekStart,
        },
      })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(and(eq(users.accountId, accountId), isNull(users.deletedAt)))
      .orderBy(desc(users.isActive))
      .limit(1);
    if (!row) return null;
    const u = row.u;
    return {
      kind: 'school',
      id: u.id,
      schoolId: u.schoolId,
      role: u.role,
      name: u.name,
      email: u.email,
      phone: u.phone,
      profileImage: u.profileImage,
      isActive: u.isActive,
      school: {
        name: row.school.name,
        logo: row.school.logo,
        isActive: row.school.isActive,
        locale: localeOf(row.school),
      },
    };
  };
  const order = isCompanyRole(role) ? [company, school] : [school, company];
  for (const lookup of order) {
    const found = await lookup();
    if (found) return found;
  }
  return null;
}

async function findAccount(deps: Deps, email: string) {
  const [account] = await withSystem(deps.db, (tx) =>
    tx.select().from(accounts).where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`).limit(1),
  );
  return account ?? null;
}

async function findAccountById(deps: Deps, id: string) {
  const [account] = await withSystem(deps.db, (tx) => tx.select().from(accounts).where(eq(accounts.id, id)));
  return account ?? null;
}

async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`);
  return rows.length > 0;
}

/** Two sign-ups racing for one address: the unique index decides, and the loser gets the usual message. */
async function withUniqueEmail<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && String(pgConstraint(err)).includes('accounts_email')) throw emailInUse();
    throw err;
  }
}

/** The signed-in user's auth state; a school user's also carries the White Label brand for the client's theme. */
export async function me(deps: Deps, actor: Actor): Promise<SessionResponse> {
  const auth = toAuthResponse(actor);
  const own = auth.school;
  // Company staff have their own notifications (add-on requests, payments, leads, ending subscriptions).
  if (!own || !actor.schoolId) {
    const unread = await withTenant(deps.db, tenantOf(actor), (tx) => countUnread(tx, actor), { oneStatement: true });
    return { ...auth, unread, unreadMessages: null, mailVerificationRequired: false };
  }
  const row = await schoolRowOf(deps, actor, actor.schoolId);
  const brand = row ? brandFrom(row, row.entitled) : null;
  return {
    ...auth,
    // Whether the school may send mail at all, for everyone in it: the web app's checks before an invitation
    // or a password link use this, not the banner's flag (docs/product.md, "Trial schools and mail").
    school: { ...own, brand, mailAllowed: row ? Boolean(row.mailAllowed) : true },
    unread: Number(row?.unread ?? 0),
    unreadMessages: Number(row?.unreadMessages ?? 0),
    // The banner is for the school admin who signed the school up: the link goes only to their address
    // (docs/product.md, "Trial schools and mail").
    mailVerificationRequired: actor.role === 'school_admin' && Boolean(row?.mailVerificationRequired),
  };
}

/** What the session answer reads of the database for a school user. */
interface SessionSchoolRow {
  name: string;
  logo: string | null;
  brandColor: string | null;
  entitled: string[];
  unread: number;
  unreadMessages: number;
  mailVerificationRequired: boolean;
  mailAllowed: boolean;
}

/**
 * Every page opens with this read: the school's brand fields, its add-ons, the bell's and the Messages badge's
 * counts and the address-confirmation flag, in one statement, one round trip inside the tenant transaction, so no
 * page spends a request of its own on them. Through the answers cache as the user's own (docs/scaling.md,
 * "Answers cache"): the counts change with a live event or a change request of the school, both of which drop
 * its answers; add-ons end with the clock, so the key holds the server's time in slices of the cache's length.
 */
function schoolRowOf(deps: Deps, actor: Actor, schoolId: string): Promise<SessionSchoolRow | undefined> {
  const now = deps.clock();
  const slice = deps.answers.enabled ? Math.floor(now.getTime() / deps.answers.ttlMs) : 0;
  const key = `session@${slice}:${actor.role}:${actor.profileId}:${actor.accountId}`;
  const load = () =>
    withTenant(
      deps.db,
      tenantOf(actor),
      async (tx) => {
        const [row] = await selectRows<SessionSchoolRow>(
          tx,
          sql`select school.name, school.logo, school.brand_color as "brandColor",
          ${entitledNamesSql(sql`school.id`, now)} as entitled, ${unreadCountSql(actor)} as unread,
          ${unreadMessagesSql(actor)} as "unreadMessages",
          (school.awaiting_mail_verification and school.signup_account_id = ${actor.accountId})
            as "mailVerificationRequired",
          not school.awaiting_mail_verification as "mailAllowed"
        from schools school where school.id = ${schoolId}`,
        );
        return row;
      },
      { oneStatement: true },
    );
  return deps.answers.through(schoolId, key, load, (row) => bytesOfObject(row ?? null));
}

/** Ends the session the cookie names, if any; signing out twice is not an error. */
export async function logout(deps: Deps, _actor: PublicActor, input: { token: string | undefined }): Promise<void> {
  if (input.token) await revokeSessionByToken(deps.db, input.token);
}
