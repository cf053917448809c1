import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';

/**
 * No cache keeps an API answer (docs/product.md, "API conventions"): every /api/v1 answer says `no-store`, as
 * the CSV and PDF downloads of the same data do, except the files that are meant to be cached, which keep
 * their own header.
 */
let w: SchoolWorld;
beforeAll(async () => {
  w = await schoolWorld({ a: { name: 'Cache A' }, b: { name: 'Cache B' } });
});
afterAll(() => w.t.close());

describe('Cache-Control of API answers', () => {
  it('a signed-in JSON read is never stored by any cache, nor its refusals', async () => {
    const admin = await w.a.as('school_admin');
    const student = await admin({ method: 'GET', url: `/api/v1/students/${w.a.users.student.id}` });
    expect(student.statusCode, student.body).toBe(200);
    expect(student.headers['content-type']).toMatch(/application\/json/);
    expect(student.headers['cache-control']).toBe('no-store');
    const me = await admin({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.headers['cache-control']).toBe('no-store');
    const company = await w.staff('company_admin');
    const revenue = await w.t.app.inject({
      method: 'GET',
      url: '/api/v1/company/revenue',
      headers: { cookie: company.cookie },
    });
    expect(revenue.statusCode, revenue.body).toBe(200);
    expect(revenue.headers['cache-control']).toBe('no-store');
    // Another school's student, and no session at all.
    const foreign = await admin({ method: 'GET', url: `/api/v1/students/${w.b.users.student.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['cache-control']).toBe('no-store');
    const anonymous = await w.t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('/health is not stored either: a monitor must reach the server', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a profile picture keeps its own hour of cache and its Vary, and a CSV its no-store', async () => {
    const teacher = await w.a.signIn('teacher');
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/picture',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-requested-with': 'XMLHttpRequest',
        cookie: teacher.cookie,
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const url: string = uploaded.json().user.profileImage;
    const file = await w.t.app.inject({ method: 'GET', url, headers: { cookie: teacher.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    expect(file.headers.vary).toBe('Cookie');
    const again = await w.t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: teacher.cookie, 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=3600');

    const admin = await w.a.as('school_admin');
    const csv = await admin({ method: 'GET', url: '/api/v1/students/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('no-store');
  });
});
