import { MESSAGES } from '@lyceum/shared/errors';

export const EMAIL_NOT_AVAILABLE_MESSAGE = 'This e-mail address cannot be used. Choose another one.';

/**
 * What an import row hears about an e-mail that already has an account. Only people of the caller's own
 * school are named as existing; for an address used elsewhere (another school, company staff) the words stay
 * neutral, so a file of addresses is not a way to ask "who has an account on this platform".
 */
export function emailTakenMessage(ownSchool: boolean): string {
  return ownSchool ? MESSAGES.emailInUse : EMAIL_NOT_AVAILABLE_MESSAGE;
}
