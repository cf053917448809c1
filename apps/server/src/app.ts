import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { TRIAL_CHANGES_PER_DAY } from '@lyceum/shared/trial-caps';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { registerApiNoStore } from './plugins/api-no-store.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { DEMO_PASSWORD, seedDefaults, seedDemo } from './seed/seed.ts';
import { seedDemoPictures } from './seed/seed-files.ts';
import { AfterReply } from './lib/after-reply.ts';
import { byClientKey } from './lib/client-address.ts';
import { DailyLimit } from './lib/daily-limit.ts';
import { AppError, notFound } from './lib/errors.ts';
import { fastifyTrustProxy } from './lib/forwarded-for.ts';
import { logError, logRequest } from './lib/log-redaction.ts';
import { LiveEventHub } from './lib/live-events.ts';
import { MailDispatcher } from './db/mail.ts';
import type { StartupFacts } from './lib/startup-summary.ts';
import { createStorage } from './lib/storage/index.ts';
import { academicsRoutes } from './modules/academics/index.ts';
import { announcementRoutes } from './modules/announcements/index.ts';
import { attachmentRoutes } from './modules/attachments/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import {
  companyRoutes,
  hasActiveSubscription,
  SUBSCRIPTION_SWEEP_MS,
  noticeEndingSubscriptions,
  forgetExpiredBillingKeys,
  sweepExpiredSubscriptions,
} from './modules/company/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { eventRoutes } from './modules/events/index.ts';
import { fileRoutes } from './modules/files/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { peopleRoutes } from './modules/people/index.ts';
import { planRoutes } from './modules/plans/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { schoolRoutes } from './modules/schools/index.ts';
import { attendanceRoutes } from './modules/attendance/index.ts';
import { timetableRoutes } from './modules/timetable/index.ts';
import { yearRoutes } from './modules/years/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { registerAccessControl } from './plugins/auth.ts';
import { registerCompanyFiguresRefresh } from './plugins/company-figures.ts';
import { SessionCache } from './lib/session-cache.ts';
import { AnswerCache, noteSchoolChange } from './lib/answer-cache.ts';
import { registerAnswersRefresh } from './plugins/answers-refresh.ts';
import { WriteRateLimit } from './lib/write-rate.ts';
import { compiledSerializerCompiler } from './lib/response-check.ts';
import { keepEmbeddedStatistics } from './db/embedded-statistics.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Skip the demo tenant even in embedded mode (tests build their own data). */
  seedDemo?: boolean;
  logger?: boolean;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: { write(line: string): void };
  /** The built web app to serve (default apps/web/dist). */
  webDist?: string;
  /** Now, as the school-day figures and the subscriptions' rules read it (default the system clock). */
  clock?: () => Date;
}

/**
 * Whether a path names a file rather than a page: under /assets/, or its last segment has an extension. No page
 * of the web app has a dot in its path (its ids are uuids; tokens and e-mails travel in the query).
 */
function namesFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** Builds the whole app: database (migrated), services, plugins and routes. `server.ts` only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // One-time links carry their token in the URL, a failed statement its values: logged without them
            // (lib/log-redaction.ts).
            serializers: { req: logRequest, err: logError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    // Malformed or over-long URLs, and requests Node cannot parse, are the caller's error: answered in the
    // usual format and words (plugins/errors.ts), never Fastify's, which echo the path.
    frameworkErrors: (err, request, reply) => answerFrameworkError(err, request, reply as FastifyReply),
    // Fastify calls it bound to the instance.
    clientErrorHandler(this: FastifyInstance, err, socket) {
      answerClientError(this.log, err, socket);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler(app.log));

  const database = openDatabase(config.database, {
    onIdleConnectionLost: (err) => app.log.warn({ err }, 'an idle database connection was closed by the server'),
  });
  const migrations = await database.migrate();
  await seedDefaults(database.db);
  const clock = options.clock ?? (() => new Date());
  const mail = new MailDispatcher(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    log: app.log,
    clock,
  });
  const storage = createStorage(config);
  const live = new LiveEventHub(database.listenTarget, app.log);
  await live.start();
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mail,
    storage,
    live,
    log: app.log,
    subscriptionGate: hasActiveSubscription,
    answers: new AnswerCache(config.answerCacheMs),
    clock,
    signups: new DailyLimit(config.signupDailyLimitPerAddress, () => clock().getTime()),
    trialChanges: new DailyLimit(TRIAL_CHANGES_PER_DAY, () => clock().getTime()),
    afterReply: new AfterReply(app.log),
  });
  let demo: StartupFacts['demo'] = null;
  if (config.demoSeed && options.seedDemo !== false) {
    const seeded = await seedDemo(database.db);
    if (seeded) await seedDemoPictures(database.db, storage);
    // Writers outside a request tell the answers cache themselves (lib/answer-cache.ts); the pictures are in lists.
    noteSchoolChange(null);
    if (seeded) demo = { password: DEMO_PASSWORD, accounts: seeded.accounts };
  }
  app.decorate('startup', { migrations, staleLockHolder: database.staleLockHolder, demo } satisfies StartupFacts);

  const stopStatistics =
    database.kind === 'pglite' && config.embeddedAnalyzeMs > 0
      ? keepEmbeddedStatistics(database.db, config.embeddedAnalyzeMs, (err) =>
          app.log.warn({ err }, 'analysing the embedded database failed'),
        )
      : async () => {};
  const mailTimer = setInterval(
    () => void mail.flush().catch((err) => app.log.warn({ err }, 'mail flush failed')),
    30_000,
  );
  mailTimer.unref();
  // docs/product.md, "Subscriptions and plans": expiry is also detected on every read; the sweep catches schools nobody reads.
  const expiryTimer = setInterval(() => {
    void sweepExpiredSubscriptions(database.db, app.deps.clock())
      .then((settled) => settled > 0 && noteSchoolChange(null))
      .catch((err) => app.log.warn({ err }, 'expiry sweep failed'));
    void forgetExpiredBillingKeys(database.db).catch((err) => app.log.warn({ err }, 'billing key sweep failed'));
    // Company staff hear of subscriptions ending in 14 and in 3 days; the sweep's cadence is plenty for that.
    void noticeEndingSubscriptions(database.db, app.deps.clock()).catch((err) =>
      app.log.warn({ err }, 'ending-subscription notices failed'),
    );
  }, SUBSCRIPTION_SWEEP_MS);
  expiryTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(mailTimer);
    await stopStatistics();
    clearInterval(expiryTimer);
    await app.deps.afterReply.settled();
    await mail.flush().catch(() => {});
    await live.close();
    await database.close();
  });

  registerErrorHandler(app, { passwordMinLength: config.passwordMinLength });
  registerJsonBody(app);
  registerSecurityHeaders(app);
  registerApiNoStore(app);
  // A write to no route answers 404 before its body is read: nobody should make the server parse a
  // megabyte of JSON for a 404 (docs/security.md, "Public entry points"). GETs carry no body; they go on to the
  // not-found handler, which serves the web app.
  app.addHook('onRequest', async (request) => {
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
  });
  await app.register(cookie);
  // JSON answers (a page of students is ~13 KB) go out brotli- or gzip-compressed when the client accepts it;
  // small ones are not worth the CPU. Brotli at a low quality: most of the saving at a fraction of the cost.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: false,
    // A route limit that names no key counts per client address, by the key the daily sign-ups and the sign-in
    // holds use too (lib/client-address.ts).
    keyGenerator: byClientKey,
    errorResponseBuilder: () =>
      new AppError('auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lyceum API', version: '1.0.0', description: 'School management platform API' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lyceum_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  registerAccessControl(
    app,
    config.sessionTtlDays,
    new SessionCache(config.sessionCacheMs),
    new WriteRateLimit(config.writeRateLimitPerMinute),
    app.deps.trialChanges,
  );
  registerCompanyFiguresRefresh(app);
  registerAnswersRefresh(app);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' as const }));
      await api.register(authRoutes);
      await api.register(planRoutes);
      await api.register(profileRoutes);
      await api.register(dashboardRoutes);
      await api.register(notificationRoutes);
      await api.register(eventRoutes);
      await api.register(schoolRoutes);
      await api.register(companyRoutes);
      await api.register(fileRoutes);
      await api.register(peopleRoutes);
      await api.register(academicsRoutes);
      await api.register(timetableRoutes);
      await api.register(attendanceRoutes);
      await api.register(yearRoutes);
      await api.register(messageRoutes);
      await api.register(announcementRoutes);
      await api.register(attachmentRoutes);
    },
    { prefix: '/api/v1' },
  );

  const webRoot = options.webDist ?? webDist;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs): served as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // The catalogue's 404 in the reader's language, through the error handler (docs/product.md, "The message
    // catalogue"), never the framework's words echoing the path; a write to no route got it before its body was read.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api') || !read || !hasWeb) return reply.send(notFound());
    // A file this build does not have (an older build's chunk, a mistyped icon) is a 404, never index.html: a tab
    // opened before a deploy would run the page as its lost chunk, and a cache keep it a year under the asset's
    // name. `no-store`, so the 404 is not kept either (docs/security.md, "The offline app shell").
    if (namesFile(url)) return reply.header('cache-control', 'no-store').send(notFound());
    // Single-page app: every other GET gets index.html and the client router takes over. HEAD answers the same
    // without the body (Node drops it): uptime monitors and load balancers probe pages with HEAD.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
