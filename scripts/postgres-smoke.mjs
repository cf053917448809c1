#!/usr/bin/env node
// `node scripts/postgres-smoke.mjs postgres://postgres@127.0.0.1:5432/postgres` (run by .ci/run): follows README.md,
// "Running on a PostgreSQL server", as written — the administrator's SQL, then the shell lines with the README's
// DATABASE_URL pointed at this server — starts the server with `npm start`, follows the printed link to set the
// company admin's password, signs in, then signs up a school and signs in as its admin (a request that runs as
// lyceum_app under row-level security). The steps are read from the README itself, so the two cannot drift apart.
// Needs an administrator's URL on a server where the README's role and database do not exist yet (CI's own).
// The web app is not built (LYCEUM_SKIP_WEB_BUILD=1): signing in is an API call, and the journeys cover the pages.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.argv[2] ?? process.env.PG_ADMIN_URL;
if (!adminUrl) {
  console.error('usage: node scripts/postgres-smoke.mjs <administrator URL of a fresh PostgreSQL server>');
  process.exit(2);
}

/** The README's steps: the first sql and sh blocks of its PostgreSQL section. */
function readmeSteps() {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split('## Running on a PostgreSQL server')[1]?.split('\n## ')[0] ?? '';
  const block = (lang) => section.match(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``))?.[1];
  const sqlBlock = block('sql');
  const shBlock = block('sh');
  if (!sqlBlock || !shBlock) throw new Error('README.md, "Running on a PostgreSQL server": no sql or sh block found');
  const statements = sqlBlock
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const lines = shBlock
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  const exported = lines.find((l) => l.startsWith('export DATABASE_URL='));
  if (!exported) throw new Error('README.md: the sh block does not export DATABASE_URL');
  return { statements, databaseUrl: exported.slice('export DATABASE_URL='.length), commands: lines.slice(1) };
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Runs one README shell line; resolves with its output, rejects when it fails. */
function shell(line, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`\`${line}\` failed:\n${output}`))));
  });
}

async function call(base, method, url, body, cookie) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: res.headers.get('set-cookie')?.split(';')[0],
  };
}

function expectStatus(step, res, status) {
  if (res.status !== status)
    throw new Error(`${step}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  console.log(`ok  ${step}`);
}

const started = Date.now();
const { statements, databaseUrl, commands } = readmeSteps();
const admin = new URL(adminUrl);
const ownerUrl = new URL(databaseUrl);
ownerUrl.host = admin.host; // the README's db.example.com is this server
const owner = decodeURIComponent(ownerUrl.username);

const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
let server;
try {
  for (const statement of statements) await client.query(statement);
  console.log(`ok  the administrator's SQL (${statements.length} statements)`);
  const role = await client.query('select rolsuper, rolbypassrls, rolcreaterole from pg_roles where rolname = $1', [
    owner,
  ]);
  const r = role.rows[0];
  if (!r || r.rolsuper || r.rolbypassrls || r.rolcreaterole)
    throw new Error(`${owner} must be an ordinary role (no superuser, BYPASSRLS or CREATEROLE): ${JSON.stringify(r)}`);
  console.log(`ok  ${owner} is an ordinary role`);

  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: ownerUrl.toString(), PORT: String(port), HOST: '127.0.0.1' };
  delete env.NODE_OPTIONS;
  const start = commands.find((c) => c === 'npm start');
  if (!start) throw new Error('README.md: the sh block does not end with npm start');
  let link = '';
  for (const line of commands.filter((c) => c !== start)) {
    const output = await shell(line, env);
    link = output.match(/https?:\/\/\S+token=\S+/)?.[0] ?? link;
    console.log(`ok  ${line}`);
  }
  const token = new URL(link || 'http://x/').searchParams.get('token');
  if (!token) throw new Error('create-company-admin printed no link with a token');

  server = spawn('sh', ['-c', `exec ${start}`], {
    cwd: root,
    env: { ...env, LYCEUM_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    const up = await fetch(`${base}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (i > 120) throw new Error('the server did not answer /health within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`ok  npm start answers on port ${port}`);

  const password = 'smoke-test-passphrase-71';
  const email = commands.join(' ').match(/--email (\S+)/)?.[1];
  expectStatus(
    'set the password through the link',
    await call(base, 'POST', '/auth/reset-password', { token, password }),
    204,
  );
  const signIn = await call(base, 'POST', '/auth/login', { email, password, role: 'company_admin' });
  expectStatus('the company admin signs in', signIn, 200);
  expectStatus('their session is found', await call(base, 'GET', '/auth/me', undefined, signIn.cookie), 200);
  expectStatus('they list the schools', await call(base, 'GET', '/company/schools', undefined, signIn.cookie), 200);

  const plans = await call(base, 'GET', '/plans');
  expectStatus('the public plan list', plans, 200);
  const offered = plans.body.items ?? plans.body;
  const planId = (offered.find((p) => p.trialAllowed) ?? offered[0])?.id;
  const schoolAdmin = { email: 'head@smoke.example.com', password, role: 'school_admin' };
  const signUp = await call(base, 'POST', '/auth/signup/school-admin', {
    schoolName: 'Smoke Test School',
    name: 'Head Teacher',
    email: schoolAdmin.email,
    password,
    planId,
  });
  if (signUp.status !== 200 && signUp.status !== 201)
    throw new Error(`sign-up: expected 200/201, got ${signUp.status} ${JSON.stringify(signUp.body)}`);
  console.log('ok  a school signs up');
  const head = await call(base, 'POST', '/auth/login', schoolAdmin);
  expectStatus('its admin signs in', head, 200);
  const school = await call(base, 'GET', '/school', undefined, head.cookie);
  expectStatus('its admin reads the school (as lyceum_app)', school, 200);
  if (school.body.name !== 'Smoke Test School') throw new Error(`read another school: ${JSON.stringify(school.body)}`);
  console.log(`postgres smoke passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`postgres smoke FAILED: ${err.message}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await client.end();
}
