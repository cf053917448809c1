/**
 * An e-mail address as the log may show it: its first character and its domain (`p***@demo.lyceum.test`). Enough
 * for an operator to see one account, or one school's addresses, in trouble (a brute force, mail that bounces);
 * not the address, which is personal data the log should not collect (docs/security.md, "Refused sign-ins in the
 * log").
 */
export function maskedEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${trimmed[0]}***${trimmed.slice(at)}`;
}
