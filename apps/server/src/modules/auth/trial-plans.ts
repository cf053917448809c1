import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { AppError } from '../../lib/errors.ts';

/** Public sign-up starts a trial only on a plan the company marked trial-able (docs/product.md, "Trial schools and mail"). */
export function assertTrialAllowed(plan: { trialAllowed: boolean }): void {
  if (!plan.trialAllowed) {
    throw new AppError('rule', TRIAL_MAIL_MESSAGES.planNotTrialable, { planId: TRIAL_MAIL_MESSAGES.planNotTrialable });
  }
}
