import { createHash } from 'node:crypto';

/**
 * What a request under an Idempotency-Key asked, as one short text: its action and its body as the schema read
 * it (defaults filled in). The same key sent again with another fingerprint is another request, refused
 * (docs/product.md, "Billing: what is due" and "Attendance").
 */
export const requestFingerprint = (action: string, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([action, body]))
    .digest('base64url');
