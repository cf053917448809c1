import { randomFillSync } from 'node:crypto';

/** Random bytes drawn from the system's generator 4 KB at a time: one call per 256 ids, not one per id. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** UUIDv7 (RFC 9562): 48-bit millisecond time, then random bits; sorts by creation time. */
export function newId(now: number = Date.now()): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + 16));
  used += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
