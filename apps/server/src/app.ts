// Builds the whole HTTP application from its parts. main.ts starts it on a port; tests use
// app.inject() on the very same instance.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { enforceAccess, requireAccessRules } from './platform/access';
import { ResponseCache } from './platform/cache';
import type { Config } from './platform/config';
import { CACHE_TAGS, STOCK_LAG_MS, type App, type AppContext } from './platform/context';
import type { Database } from './platform/db';
import { finishBodiesAnsweredEarly } from './platform/early-answer';
import { registerErrorHandling, sendApiNotFound, sendFrameworkError } from './platform/errors';
import { redactPersonalData, redactSecrets, serializeError } from './platform/logging';
import { registerMetrics } from './platform/metrics';
import { memoryCounter, rateLimitError, redisCounter } from './platform/rate-limit';
import {
  addSecurityHeaders,
  computeSecurityHeaders,
  inlineScriptHashes,
  setSecurityHeaders,
} from './platform/security-headers';
import { refuseUnstorableText } from './platform/text-input';
import { REDIS_CLIENT_OPTIONS, createRedisInvalidationBus } from './platform/redis';
import { TenantDirectory } from './platform/tenant';
import { registerAdminRoutes } from './modules/admin';
import { registerAuthRoutes } from './modules/auth';
import { registerBlogRoutes } from './modules/blog';
import { registerConsentRoutes } from './modules/consents';
import { registerDataRightsRoutes } from './modules/data-rights';
import { createPickupMtaani, registerDeliveryRoutes, withCache } from './modules/delivery';
import { registerCatalogRoutes } from './modules/catalog';
import { registerCatalogueRoutes } from './modules/catalogue';
import { registerEtimsRoutes, startEtimsSender } from './modules/etims';
import { registerHealthRoutes } from './modules/health';
import { registerMediaRoutes } from './modules/media';
import {
  registerDeliveryReportRoutes,
  registerMessageRoutes,
  startOutbox,
} from './modules/messages';
import { registerNewsletterRoutes } from './modules/newsletter';
import {
  deliverPartForCarrier,
  registerDiscountCodeRoutes,
  registerOrderRoutes,
} from './modules/orders';
import {
  createPaymentProviders,
  MPESA_CALLBACK_PATH,
  registerPaymentRoutes,
} from './modules/payments';
import { registerRatingRoutes } from './modules/ratings';
import { registerReceiptRoutes } from './modules/receipts';
import { registerReviewRoutes } from './modules/reviews';
import { registerSearchRoutes } from './modules/search';
import { registerShopRoutes } from './modules/shops';
import { registerStatsRoutes } from './modules/stats';
import { registerLedgerRoutes } from './modules/ledger';
import { registerTenantRoutes } from './modules/tenants';
import { loadBodyRenderer, registerPageRoutes } from './modules/pages';

/** Where log lines go instead of standard output: one JSON line per call. */
export type LogStream = { write(line: string): void };

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Off, on (standard output), or on into a stream (tests read what was logged). */
  logger?: boolean | { stream: LogStream };
};

/** A log line without secrets, emails or phone numbers (decision 048). */
const redactLogLine = (...args: Parameters<typeof redactSecrets>) => {
  const secrets = redactSecrets(...args);
  return (line: string) => redactPersonalData(secrets(line));
};

export async function buildApp({ config, database, logger = true }: BuildAppOptions): Promise<App> {
  const webDist = config.webDistDir;
  const indexHtml =
    webDist && existsSync(path.join(webDist, 'index.html'))
      ? await readFile(path.join(webDist, 'index.html'), 'utf8')
      : undefined;
  // The build's inline script that holds early taps is allowed by its hash (decision 028).
  const securityHeaders = computeSecurityHeaders(inlineScriptHashes(indexHtml ?? ''));
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: { err: serializeError },
          // The M-Pesa callback's address carries its secret token (decision 019), and the SMS
          // delivery reports' query carries AT_CALLBACK_TOKEN (decision 031).
          hooks: {
            streamWrite: redactLogLine(
              [MPESA_CALLBACK_PATH],
              [
                ...(config.mpesa ? [config.mpesa.callbackToken] : []),
                ...(config.smsCallbackToken ? [config.smsCallbackToken] : []),
                ...(config.metricsToken ? [config.metricsToken] : []),
              ],
            ),
          },
          ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
        }
      : false,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // A category's name (100 UTF-16 units) takes up to 900 characters percent-encoded; a
    // longer parameter matches no route and falls to the not-found page.
    routerOptions: { maxParamLength: 1_000 },
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply, securityHeaders);
      sendFrameworkError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  finishBodiesAnsweredEarly(app);
  requireAccessRules(app);
  if (!config.jwtSecret)
    throw new Error('No JWT secret: set JWT_SECRET, or let main.ts keep one in DATA_DIR');
  enforceAccess(app, database.db, config.jwtSecret);
  refuseUnstorableText(app);

  // A lost Redis is logged while ioredis reconnects; the calls that needed it fail on their own.
  const redisError = (error: Error) => app.log.warn({ err: error }, 'Redis error; reconnecting');
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        ...REDIS_CLIENT_OPTIONS,
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
      }).on('error', redisError)
    : undefined;
  const bus = config.redisUrl ? createRedisInvalidationBus(config.redisUrl, redisError) : undefined;
  const cache = new ResponseCache(2_000, bus, STOCK_LAG_MS);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    cache,
    tenants: new TenantDirectory(database.db),
    attempts: redis ? redisCounter(redis) : memoryCounter(),
    // Before any route, so that every route's answers are measured (decision 052).
    metrics: registerMetrics(app, { token: config.metricsToken, database, cache }),
  };
  // An admin's tenant edit in any process reaches this one's directory through the cache bus.
  ctx.cache.onDrop((tags) => {
    if (tags.includes(CACHE_TAGS.tenants)) ctx.tenants.invalidate();
  });
  app.addHook('onReady', async () => {
    // An unreachable Redis must not keep the shop down: serve, and say so in the log.
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), 5_000).unref(),
    );
    if ((await Promise.race([ctx.cache.ready, timeout])) === 'timeout') {
      app.log.warn('Redis did not answer within 5 s: cached answers are not shared until it does');
    }
  });
  app.addHook('onClose', async () => {
    // Drops held back for a moment still reach the other processes.
    ctx.cache.flushSoon();
    await bus?.close();
    await redis?.quit().catch(() => {});
  });

  addSecurityHeaders(app, securityHeaders);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true } : {}),
    errorResponseBuilder: rateLimitError,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Soko API',
        description: 'Storefront, shop management and payments for the Soko marketplace.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerHealthRoutes(app, ctx, redis ? { pingRedis: () => redis.ping() } : {});
  const outbox = startOutbox(app, ctx);
  registerAuthRoutes(app, ctx, outbox);
  registerMessageRoutes(app, ctx, outbox);
  registerDeliveryReportRoutes(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerRatingRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerNewsletterRoutes(app, ctx, outbox);
  registerConsentRoutes(app, ctx);
  registerDataRightsRoutes(app, ctx);
  // Pick Up Mtaani's agent points when it is set (decision 036); unset, no shop offers them.
  const carrier = config.pickupMtaani
    ? withCache(createPickupMtaani(config.pickupMtaani))
    : undefined;
  registerOrderRoutes(app, ctx, carrier);
  registerDiscountCodeRoutes(app, ctx);
  registerShopRoutes(app, ctx);
  registerCatalogueRoutes(app, ctx);
  registerDeliveryRoutes(app, ctx, carrier, (shopId, orderId) =>
    deliverPartForCarrier(database.db, shopId, orderId),
  );
  registerAdminRoutes(app, ctx);
  registerStatsRoutes(app, ctx);
  registerLedgerRoutes(app, ctx);
  registerReceiptRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerBlogRoutes(app, ctx);
  registerTenantRoutes(app, ctx);
  // Receipts to KRA's eTIMS for shops that turned it on (decision 046).
  registerEtimsRoutes(app, ctx, startEtimsSender(app, ctx));
  registerPaymentRoutes(app, ctx, createPaymentProviders(config, database.db, app.log));

  await app.register(fastifyStatic, {
    root: path.resolve(config.mediaDir),
    prefix: '/media/',
    decorateReply: false,
    // Media keys are never reused, so a file at a URL never changes. (nosniff comes with the
    // security headers every reply carries.)
    immutable: true,
    maxAge: '365d',
  });

  const sendPage =
    webDist && indexHtml
      ? registerPageRoutes(app, ctx, indexHtml, await loadBodyRenderer(webDist))
      : undefined;
  if (webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      prefix: '/',
      decorateReply: false,
      // '/' and unknown paths fall through to the not-found handler, which serves the app.
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so those never change. The service
        // worker and the shell it precaches are checked on every use, or a release could not
        // take over for an hour (decision 016).
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const name = path.basename(filePath);
        const cacheControl = hashed
          ? 'public, max-age=31536000, immutable'
          : name === 'sw.js' || name === 'index.html'
            ? 'no-cache'
            : 'public, max-age=3600';
        void reply.header('cache-control', cacheControl);
      },
    });
  }

  // A path with a part longer than a file name may be (255 bytes) is no file of the build: the
  // static files' route would answer it 403 (it cannot check the name's spelling on disk), where
  // a shopper following a mangled link should get the not-found page.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/*') return;
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.split('/').some((part) => part.length > 255)) return reply.callNotFound();
  });

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // A missing asset must not be answered with the app's HTML: an old tab asking for a chunk
    // of a previous build would try to run it as script.
    const notTheApp = ['/api/', '/media/', '/assets/'].some((prefix) => urlPath.startsWith(prefix));
    if (notTheApp || urlPath === '/api') {
      return sendApiNotFound(request, reply);
    }
    if (request.method === 'GET' && sendPage) {
      // The browser app owns every other path: its HTML, with a 404 status where it has no page.
      return sendPage(request, reply);
    }
    return sendApiNotFound(request, reply);
  });

  return app;
}
