import { TRIAL_INVITATIONS_PER_DAY, VERIFICATION_MAILS_PER_DAY } from './constants.ts';

/**
 * The wording of docs/product.md, "Trial schools and mail": a school that signed up publicly sends mail only
 * once its admin has confirmed their address, and a trial sends a capped number of invitations a day.
 */
export const TRIAL_MAIL_MESSAGES = {
  verifyFirst:
    'Confirm your e-mail address first: your school can send e-mail (invitations, password links) once you open the link we sent you at sign-up.',
  /** verifyFirst for everyone but the admin who signed the school up: the link went to that admin, not to them. */
  verifyFirstOther:
    'Your school cannot send e-mail (invitations, password links) yet: ask the school admin who signed the school up to open the link we sent them at sign-up.',
  invitationsPerDay: (wouldBe: number) =>
    `A trial school can send at most ${TRIAL_INVITATIONS_PER_DAY} invitations a day (this would make ${wouldBe}). Try again tomorrow, or choose a plan.`,
  verificationMailsPerDay: `At most ${VERIFICATION_MAILS_PER_DAY} verification e-mails a day are sent to one address. Try again tomorrow.`,
  alreadyVerified: 'Your e-mail address is already confirmed.',
  onlySignUpAdmin:
    'Only the school admin who signed the school up can ask for the confirmation link again: it is sent only to the address the school signed up with.',
  planNotTrialable: 'This plan cannot be tried. Choose one of the plans offered at sign-up.',
} as const;
