import net from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { MESSAGES, PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { as, createSchool, createTestApp, login, type TestApp } from './helpers.ts';

/** helmet's protective headers: every answer carries all of them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

let t: TestApp;
const BIG_ASSET = `console.log(${JSON.stringify('lyceum '.repeat(500))});`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => {}); // ${'lyceum '.repeat(300)}`;
const web = mkdtempSync(path.join(os.tmpdir(), 'lyceum-web-'));

beforeAll(async () => {
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Lyceum</title><div id="root"></div>');
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What apps/web/scripts/precompress.mjs writes beside a built asset.
  writeFileSync(path.join(web, 'assets', 'big-abc123.js'), BIG_ASSET);
  writeFileSync(path.join(web, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_ASSET));
  writeFileSync(path.join(web, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_ASSET));
  // What apps/web/scripts/service-worker.mjs writes (and precompress.mjs compresses).
  writeFileSync(path.join(web, 'sw.js'), SERVICE_WORKER);
  writeFileSync(path.join(web, 'sw.js.br'), brotliCompressSync(SERVICE_WORKER));
  t = await createTestApp({}, { webDist: web });
});
afterAll(() => t.close());

describe('server basics', () => {
  it('GET /api/v1/health answers {"status":"ok"}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"status":"ok"}');
  });

  it("unknown API paths are the catalogue's JSON 404 in the reader's language, never the web app", async () => {
    for (const url of ['/api/v1/nope', '/api/other', '/api/v1/auth/me/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: MESSAGES.notFound } });
      const spanish = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es' } });
      expect(spanish.json()).toEqual({
        error: { code: 'not_found', message: 'Documento no encontrado: el elemento solicitado no existe.' },
      });
    }
    const write = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/nope',
      headers: { 'accept-language': 'es', 'content-type': 'application/json' },
    });
    expect(write.statusCode).toBe(404);
    expect(write.json().error.message).toBe('Documento no encontrado: el elemento solicitado no existe.');
  });

  it('serves the web app with a single-page fallback and long-lived hashed assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/students/123' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("answers a file the build does not have with a 404 no cache keeps, never the app's page", async () => {
    // An older build's chunk, asked for by a tab opened before a deploy, and mistyped or absent files.
    const missing = [
      '/assets/index-OLD123.js',
      '/assets/x.css',
      '/assets/gone',
      '/favicon.png',
      '/robots.txt',
      '/manifest.webmanifest',
      '/assets/app-abc123.js.map',
      '/fonts/inter.woff2',
      '/students/report.json?download=1',
    ];
    for (const url of missing) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
      }
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'es' } });
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: 'Documento no encontrado: el elemento solicitado no existe.' },
      });
    }
    // The app's pages, ids and queries with dots included, are still the app.
    for (const url of ['/students', '/attendance/mark', '/announcements?a=1.5', '/reset-password?token=a.b.c', '/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
    }
    // The files it has are served as before.
    for (const url of ['/assets/app-abc123.js', '/sw.js', '/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('serves the service worker as JavaScript that is revalidated on every check, so a deploy replaces it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
      const sw = await t.app.inject({ method: 'GET', url: '/sw.js', headers });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(sw.headers['cache-control']).toBe('no-cache');
    }
    const plain = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(plain.body).toBe(SERVICE_WORKER);
    // Only this server's scripts may run as workers.
    expect(plain.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it('answers HEAD on a page as GET, without the body: uptime monitors and load balancers probe with it', async () => {
    for (const url of ['/', '/login', '/students/123']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe('no-cache');
      expect(head.body, url).toBe('');
    }
    // The API's unknown paths stay the JSON 404.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/nope' })).statusCode).toBe(404);
  });

  it('compresses API answers over 1 KB by Accept-Encoding, and serves the precompressed assets', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Small answers are not worth compressing.
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"status":"ok"}');

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(BIG_ASSET);
    const raw = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(BIG_ASSET);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // School logos on the schools' own https sites can show; scripts still come only from this server.
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    // The same set on an API answer, an error and a path that does not exist.
    const names = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((n) => SECURITY_HEADERS.includes(n))
        .sort();
    expect(names(res.headers)).toEqual([...SECURITY_HEADERS].sort());
    for (const url of ['/api/v1/health', '/api/v1/auth/me', '/api/v1/no-such-route']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(names(other.headers), url).toEqual(names(res.headers));
      expect(other.headers['content-security-policy'], url).toBe(res.headers['content-security-policy']);
    }
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/dashboard']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("a body that is not JSON answers Invalid data in our words and the reader's language", async () => {
    const school = await createSchool(t.app);
    const admin = as(t.app, await login(t.app, school.users.school_admin.email, 'school_admin'));
    for (const [language, message] of [
      [undefined, 'Invalid data: The request body is not valid JSON.'],
      ['es', 'Datos no válidos: El cuerpo de la solicitud no es un JSON válido.'],
    ] as const) {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/students',
        headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
        payload: '{"name":',
      });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: { error: { code: 'validation', message } },
      });
    }
    // Prototype poisoning is still refused as a body that is not acceptable JSON.
    const poisoned = await admin({
      method: 'POST',
      url: '/api/v1/students',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().error.message).toBe('Invalid data: The request body is not valid JSON.');
  });

  it('an empty body sent as JSON is no body: accepted where none is needed, a missing one where it is', async () => {
    const school = await createSchool(t.app);
    const admin = as(t.app, await login(t.app, school.users.school_admin.email, 'school_admin'));
    const empty = { 'content-type': 'application/json', 'accept-language': 'es' };
    const readAll = await admin({ method: 'POST', url: '/api/v1/notifications/read-all', headers: empty, payload: '' });
    expect(readAll.statusCode, readAll.body).toBeLessThan(300);
    const withCharset = await admin({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '',
    });
    expect(withCharset.statusCode, withCharset.body).toBeLessThan(300);
    const create = await admin({ method: 'POST', url: '/api/v1/students', headers: empty, payload: '' });
    expect(create.statusCode).toBe(400);
    expect(create.json().error.message).toBe(translateTo(PEOPLE_MESSAGES.missingStudentFields, 'es'));
  });

  it("a path that cannot be read answers Invalid data in the reader's language, never echoing it", async () => {
    const expected = {
      en: 'Invalid data: The address of the request is not valid.',
      es: 'Datos no válidos: La dirección de la solicitud no es válida.',
      ar: translateTo(`Invalid data: ${MESSAGES.badAddress}`, 'ar'),
    };
    expect(expected.ar).not.toContain('Invalid');
    // A bad %-escape, and a path part longer than the router takes (414).
    for (const [url, status] of [
      ['/api/v1/students/%zz', 400],
      [`/api/v1/students/${'a'.repeat(150)}`, 414],
    ] as const) {
      for (const [language, message] of Object.entries(expected)) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
        expect({ status: res.statusCode, body: res.json() }).toEqual({
          status,
          body: { error: { code: 'validation', message } },
        });
        expect(res.headers['content-language']).toBe(language);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it("a request Node cannot parse is answered in the project's error body, then the connection closed", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(answer));
      });
    const answerOf = (response: string) => ({
      status: response.split('\r\n')[0],
      body: JSON.parse(response.split('\r\n\r\n')[1] ?? 'null'),
    });
    const badHeader = await raw('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answerOf(badHeader)).toEqual({
      status: 'HTTP/1.1 400 Bad Request',
      body: { error: { code: 'validation', message: 'The request could not be read.' } },
    });
    const badLength = await raw('POST /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(answerOf(badLength).body).toEqual({
      error: { code: 'validation', message: 'The request could not be read.' },
    });
    const huge = await raw(`GET /api/v1/students?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answerOf(huge)).toEqual({
      status: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { error: { code: 'too_large', message: 'The request headers are too large.' } },
    });
  });

  it('malformed JSON is a 400 in the error format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000), role: 'teacher' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('too_large');
  });
});

describe('configuration', () => {
  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_TTL_DAYS: '0', PUBLIC_URL: 'not a url' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT: PORT must be a whole number from 1 to 65535');
    expect(problems).toContain('DATABASE_URL: DATABASE_URL must start with postgres://');
    expect(problems).toContain('SESSION_TTL_DAYS: SESSION_TTL_DAYS must be a whole number from 1 to 365');
    expect(problems).toContain('PUBLIC_URL');
  });

  it('refuses a PORT outside 1–65535 or not written in digits, saying the range', () => {
    for (const PORT of ['70000', '0', '65536', '0x1F', '1e3', '-1', '80.5', 'eighty']) {
      let error: unknown;
      try {
        loadConfig({ PORT });
      } catch (err) {
        error = err;
      }
      expect(error, PORT).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems, PORT).toEqual(['PORT: PORT must be a whole number from 1 to 65535']);
    }
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ PORT: ' 8080 ' }).port).toBe(8080);
  });

  it('says every number’s problem in our words with its range, never the validator’s', () => {
    const problemOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };
    const ranges: Record<string, string> = {
      SESSION_TTL_DAYS: 'a whole number from 1 to 365',
      DATABASE_POOL_SIZE: 'a whole number from 1 to 100',
      SESSION_CACHE_MS: 'a whole number from 0 to 10000',
      ANSWER_CACHE_MS: 'a whole number from 0 to 10000',
      EMBEDDED_ANALYZE_MS: 'a whole number from 0 to 3600000',
      PASSWORD_MIN_LENGTH: 'a whole number from 8 to 64',
      AUTH_RATE_LIMIT_PER_MINUTE: 'a whole number of at least 1',
      WRITE_RATE_LIMIT_PER_MINUTE: 'a whole number of at least 1',
      IMPORT_CHECKS_PER_HOUR: 'a whole number of at least 1',
      SIGNUP_DAILY_LIMIT_PER_ADDRESS: 'a whole number of at least 1',
    };
    for (const [name, range] of Object.entries(ranges)) {
      for (const value of ['abc', '1.5', '-1', '100000000', '0x1F']) {
        const problems = problemOf({ [name]: value });
        // 100000000 is within "at least 1".
        if (value === '100000000' && range.includes('at least')) {
          expect(problems, `${name}=${value}`).toEqual([]);
          continue;
        }
        expect(problems, `${name}=${value}`).toEqual([`${name}: ${name} must be ${range}`]);
      }
    }
    expect(problemOf({ SESSION_TTL_DAYS: '0' })).toEqual([
      'SESSION_TTL_DAYS: SESSION_TTL_DAYS must be a whole number from 1 to 365',
    ]);
    expect(problemOf({ LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent',
    ]);
    expect(problemOf({ DEMO_SEED: 'yes' })).toEqual(['DEMO_SEED: DEMO_SEED must be true or false']);
    expect(loadConfig({ SESSION_TTL_DAYS: ' 30 ' }).sessionTtlDays).toBe(30);
  });

  it('takes a size in bytes with a unit, and checks MAIL_FROM is an address', () => {
    expect(loadConfig({ UNVERIFIED_STORAGE_TOTAL_BYTES: '2GB' }).unverifiedStorageTotalBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ UNVERIFIED_STORAGE_TOTAL_BYTES: '500 mb' }).unverifiedStorageTotalBytes).toBe(500 * 1024 ** 2);
    expect(loadConfig({ UNVERIFIED_STORAGE_TOTAL_BYTES: '0' }).unverifiedStorageTotalBytes).toBe(0);
    for (const bad of ['2 gigabytes', '1.5GB', 'GB', '-1']) {
      expect(() => loadConfig({ UNVERIFIED_STORAGE_TOTAL_BYTES: bad }), bad).toThrow(
        'UNVERIFIED_STORAGE_TOTAL_BYTES must be a number of bytes, optionally with a unit: 2147483648, 500MB or 2GB',
      );
    }
    for (const good of ['no-reply@school.example', 'Hillside School <office@hillside.example>']) {
      expect(loadConfig({ MAIL_FROM: good }).mailFrom).toBe(good);
    }
    for (const bad of ['garbage', 'Lyceum <garbage>', 'a@b', 'x@y.z\r\nBcc: all@x.test']) {
      expect(() => loadConfig({ MAIL_FROM: bad }), bad).toThrow(
        'MAIL_FROM must be an e-mail address, or a name and one',
      );
    }
  });

  it('reads a blank variable as unset, as an empty one: a blank PORT is the default port, not a random one', () => {
    const blank = loadConfig({ PORT: ' ', DATABASE_URL: '  ', PUBLIC_URL: '\t' });
    expect(blank.port).toBe(3000);
    expect(blank.publicUrl).toBe('http://localhost:3000');
    expect(blank.database.kind).toBe('pglite');
  });

  it('defaults to embedded PGlite under DATA_DIR with the demo seed, and never seeds with DATABASE_URL', () => {
    const embedded = loadConfig({ DATA_DIR: '/tmp/lyceum-x' });
    expect(embedded.database).toEqual({ kind: 'pglite', dir: '/tmp/lyceum-x/db' });
    expect(embedded.demoSeed).toBe(true);
    expect(embedded.port).toBe(3000);
    const server = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_SEED: 'true' });
    expect(server.database.kind).toBe('postgres');
    expect(server.demoSeed).toBe(false);
  });
});
