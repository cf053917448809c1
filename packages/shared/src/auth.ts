import { z } from 'zod';
import { languageSchema, SchoolLocale } from './locale.ts';
import { passwordSchema } from './password-policy.ts';
import { plainText } from './plain-text.ts';
import { ROLES } from './roles.ts';

/** A school's name and address at most (sign-up and the company's school form; the forms' maxLength too). */
export const SCHOOL_NAME_MAX = 160;
export const SCHOOL_ADDRESS_MAX = 300;
/** A person's name, an e-mail address and a phone number at most (the forms' maxLength follows them). */
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;

/** Shared building blocks so every form and route words its errors the same way. */
export const emailSchema = z
  .email({ error: 'Enter a valid email address' })
  .max(EMAIL_MAX)
  .transform((e) => e.toLowerCase());
/** Left out or not text says the same as blank: `Name is required` (docs/product.md, "Your own profile"). */
export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, 'Name is too long')
  .refine(...plainText('Name'));
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, 'Phone number is too long')
  .regex(/^[0-9+()\-. ]*$/, 'Phone number may only contain digits, spaces and + ( ) - .');
export const roleSchema = z.enum(ROLES, { error: 'Choose a role' });
/**
 * An id as sent: lower-cased once here, as the database stores it, so every comparison of ids in code (a list
 * naming each one once, "not yourself", "the caller's own school") sees `ABC…` and `abc…` as the one id they are
 * to PostgreSQL (docs/product.md, "Students").
 */
export const uuidSchema = z.uuid({ error: 'Invalid id' }).toLowerCase();

export const LoginRequest = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(1024),
  role: roleSchema,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  schoolId: z.string().nullable(),
  phone: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** The person's own language; null follows the school's (company staff: English). */
  language: languageSchema.nullable(),
  /**
   * This session is the account's first: made by its sign-up, or by a sign-in when it had never signed in
   * before. The dashboard then says `Welcome, {name}.`, later sessions `Welcome back, {name}.` (docs/product.md,
   * "Sessions").
   */
  firstVisit: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionSchool = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  /** `GET /auth/me` only: the White Label brand (name, logo, colour) replacing the product's, else null. */
  brand: z
    .object({ name: z.string(), logo: z.string().nullable(), color: z.string().nullable() })
    .nullable()
    .optional(),
  /**
   * `GET /auth/me` only: whether the school may send e-mail (invitations, password links), i.e. it is not waiting
   * for the admin who signed it up to confirm their address (docs/product.md, "Trial schools and mail"). The same
   * for every person of the school, unlike `mailVerificationRequired`, which is the signing-up admin's banner.
   */
  mailAllowed: z.boolean().optional(),
  /** The school's language, time zone, currency, date format and first day of the week. */
  locale: SchoolLocale,
});
export type SessionSchool = z.infer<typeof SessionSchool>;

/** What login and `me` return: the client's auth state (docs/product.md, "Your own profile"). */
export const AuthResponse = z.object({ user: SessionUser, school: SessionSchool.nullable() });
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * `GET /auth/me`: the auth state plus what every page of the shell needs once per session (the bell's unread
 * count; the school's brand sits in `school`), so a fresh page load asks one question before its own data.
 */
/**
 * `GET /auth/me`: what every page needs once, in one request: the auth state, the bell's unread count, and for
 * school users the Messages badge's count and whether a school admin's address still waits for confirmation.
 */
export const SessionResponse = AuthResponse.extend({
  unread: z.number().int().nonnegative(),
  unreadMessages: z.number().int().nonnegative().nullable(),
  mailVerificationRequired: z.boolean(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ForgotPasswordRequest = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(10, 'Invalid link').max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/**
 * `POST /auth/reset-password/check`, asked when a set-password page opens (a reset or an invitation link): the
 * link's token alone. A link that can still set a password answers `{ valid: true }`; a used, unknown or expired
 * one the same refusal setting the password would give (docs/product.md, "Password reset").
 */
export const SetPasswordLinkCheckRequest = z.object({ token: ResetPasswordRequest.shape.token });
export type SetPasswordLinkCheckRequest = z.infer<typeof SetPasswordLinkCheckRequest>;
export const SetPasswordLinkStatus = z.object({ valid: z.literal(true) });
export type SetPasswordLinkStatus = z.infer<typeof SetPasswordLinkStatus>;

/** The link of the sign-up's verification mail (docs/product.md, "Trial schools and mail"). */
export const VerifyEmailRequest = z.object({ token: z.string().min(10, 'Invalid link').max(200) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;
/**
 * Whether the signed-in admin's school still waits for them to confirm their address (`required`); whether they
 * are the admin who signed the school up, whose address the link confirms (`signedUp`); and whether the school's
 * address is confirmed, or never needed to be (`schoolConfirmed`), so a used link can say what is true for them.
 */
export const MailVerificationStatus = z.object({
  required: z.boolean(),
  email: z.string(),
  signedUp: z.boolean(),
  schoolConfirmed: z.boolean(),
});
export type MailVerificationStatus = z.infer<typeof MailVerificationStatus>;

export const SchoolAdminSignupRequest = z.object({
  schoolName: z
    .string()
    .trim()
    .min(2, 'School name is required')
    .max(SCHOOL_NAME_MAX, 'School name is too long')
    .refine(...plainText('School name')),
  address: z
    .string()
    .trim()
    .max(SCHOOL_ADDRESS_MAX)
    .refine(...plainText('Address'))
    .optional(),
  phone: phoneSchema.optional(),
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  planId: uuidSchema,
  /** The browser's UI language: the new school's language (docs/product.md, "Language, time zone and currency"). */
  language: languageSchema.optional(),
});
export type SchoolAdminSignupRequest = z.infer<typeof SchoolAdminSignupRequest>;

export const CompanyAdminSignupRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  invitationCode: z.string().trim().max(100).optional(),
  /** The platform's first company admin only: the code the server printed at start (docs/security.md). */
  setupCode: z.string().trim().max(100).optional(),
});
export type CompanyAdminSignupRequest = z.infer<typeof CompanyAdminSignupRequest>;

export const CompanySignupStatus = z.object({ open: z.boolean() });
export type CompanySignupStatus = z.infer<typeof CompanySignupStatus>;

export const CompanyInvitationResponse = z.object({ code: z.string(), expiresAt: z.string() });
export type CompanyInvitationResponse = z.infer<typeof CompanyInvitationResponse>;

export const UpdateProfileRequest = z.object({
  name: nameSchema,
  phone: phoneSchema.optional().nullable(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** `PUT /profile/language`: the person's own language, or null to follow their school's. */
export const SetLanguageRequest = z.object({ language: languageSchema.nullable() });
export type SetLanguageRequest = z.infer<typeof SetLanguageRequest>;
