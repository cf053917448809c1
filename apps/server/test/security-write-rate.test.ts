import { MESSAGES } from '@lyceum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteRateLimit } from '../src/lib/write-rate.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { errorOf } from './helpers.ts';

const LIMIT = 3;
let w: SchoolWorld;
beforeAll(async () => {
  w = await schoolWorld({ config: { writeRateLimitPerMinute: LIMIT } });
});
afterAll(() => w.t.close());

describe('changes per person per minute', () => {
  it('answers 429 with Retry-After past the limit, counting refused bodies too; reads and other people go on', async () => {
    const teacher = await w.a.as('teacher');
    const markAll = () => teacher({ method: 'POST', url: '/api/v1/notifications/read-all' });
    expect((await markAll()).statusCode).toBe(204);
    // A malformed change still costs the server a request: it counts.
    const bad = await teacher({ method: 'POST', url: '/api/v1/notifications/not-a-uuid/read' });
    expect(bad.statusCode).toBe(400);
    expect((await markAll()).statusCode).toBe(204);

    const over = await markAll();
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toMatchObject({ code: 'rate_limited', message: MESSAGES.writeRateLimited });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await teacher({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(200);
    const parent = await w.a.as('parent');
    expect((await parent({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
    const otherSchool = await w.b.as('teacher');
    expect((await otherSchool({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
  });

  it('forgets the counts when the minute turns, and holds one entry per writer', () => {
    let now = Date.UTC(2026, 10, 24, 9, 0, 50);
    const limit = new WriteRateLimit(2, () => now);
    expect(limit.take('a')).toEqual({ allowed: true });
    expect(limit.take('a')).toEqual({ allowed: true });
    expect(limit.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(limit.take('b')).toEqual({ allowed: true });
    now += 10_000;
    expect(limit.take('a')).toEqual({ allowed: true });
  });
});
