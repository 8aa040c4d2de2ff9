import { randomUUID } from 'node:crypto';
import http from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import {
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { DomainError, InMemoryRateLimiter, type RateLimiter, type RatingsDataSource } from '@ratings/core';
import { textArgumentsPlugin } from './arguments';
import {
  applyQuota,
  chargeOperationCost,
  failedSignInPlugin,
  quotaStateOf,
  refuseCredentials,
} from './auth/rate-limit';
import { RedisRateLimiter, type QuotaStoreStatus } from './auth/redis-rate-limiter';
import { clientIp, identifyViewer, type Viewer } from './auth/viewer';
import { ChangeBroadcast } from './changes';
import { createContext, type ApiContext, type ApiServices } from './context';
import { createFormatError } from './errors';
import { exportRoutes } from './exports-routes';
import { startWebhookDispatcher } from './webhook/dispatcher';
import { startDayChangeNotices } from './rating-list/day-change';
import { importRoutes } from './imports-routes';
import { EXPLORER_PATH, explorerRoutes } from './explorer';
import { CURRENT_MAX_AGE_SECONDS, staffAnswersUncachedPlugin } from './http-caching';
import {
  compressAnswers,
  graphqlBody,
  httpErrorHandler,
  publicCors,
  requestOrigin,
  requireDecodablePath,
  securityHeaders,
} from './http';
import { documentLimits, limitValidationRules, queryLimitsPlugin } from './limits';
import { DatabaseAvailability, outageErrorHandler, outagePlugin, sendHealth } from './outage';
import { publicReadsPlugin } from './public-reads';
import { ApiMetrics, metricsRoute } from './metrics';
import { ResponseCache } from './response-cache';
import type { Logger } from './logger';
import { buildApiSchema } from './schema';
import type { ApiConfig } from './config';

export interface ApiServer {
  app: express.Express;
  httpServer: http.Server;
  apollo: ApolloServer<ApiContext>;
  responseCache: ResponseCache;
  metrics: ApiMetrics;
  /** Listens on the port (0 = any free port) and resolves with the URL of the GraphQL endpoint. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Stops accepting connections, closes idle keep-alive ones, lets requests in flight finish (at most
   * DRAIN_GRACE_MS, then cuts them) and stops Apollo. The caller closes the database afterwards.
   */
  stop(): Promise<void>;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    viewer: Viewer;
  }
}

/**
 * How long requests in flight may take to finish once the API is stopping. With closing the database the API
 * is gone within 5 s, well inside Docker's 10 s between SIGTERM and SIGKILL.
 */
export const DRAIN_GRACE_MS = 3_000;

export async function createApiServer(options: {
  dataSource: RatingsDataSource;
  logger: Logger;
  config: ApiConfig;
  /** Default: Redis when RATE_LIMIT_REDIS_URL is set (RedisRateLimiter), else this process's memory. */
  rateLimiter?: RateLimiter;
}): Promise<ApiServer> {
  const { dataSource, logger, config } = options;
  const redisLimiter =
    !options.rateLimiter && config.rateLimitRedisUrl
      ? new RedisRateLimiter(config.rateLimitRedisUrl, config.rateLimitRedisPrefix, logger)
      : null;
  const rateLimiter = options.rateLimiter ?? redisLimiter ?? new InMemoryRateLimiter();
  const quotaStore = (): QuotaStoreStatus => redisLimiter?.status() ?? { store: 'memory', shared: false };
  const availability = new DatabaseAvailability(dataSource, logger);
  const metrics = new ApiMetrics(dataSource, quotaStore);
  if (dataSource.replicas) {
    dataSource.replicas.observer = {
      replicaDown: (replica, reason) =>
        logger.error({ replica, reason }, 'read replica down: its reads go to the primary'),
      replicaUp: (replica) => logger.warn({ replica }, 'read replica back up'),
      readFromPrimary: (reason) => metrics.readFromPrimary(reason),
    };
  }
  const { schema } = await buildApiSchema();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const httpServer = http.createServer(app);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    req.id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ requestId: req.id });
    res.setHeader('x-request-id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      req.log.info(
        {
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  });
  app.use(securityHeaders, requireDecodablePath, compressAnswers);
  app.use(['/graphql', '/exports'], publicCors);
  app.use(EXPLORER_PATH, explorerRoutes());

  const quotaSettings = { anonymousPerMinute: config.anonymousPerMinute, exemptIps: config.rateLimitExemptIps };
  /** Who is calling, and whether their quota allows the request (GraphQL and exports); bad credentials cost quota. */
  const viewerGate = async (req: Request, res: Response, next: NextFunction) => {
    try {
      req.viewer = await identifyViewer(req, dataSource, config.tokenSecret);
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error);
      await refuseCredentials(clientIp(req), error, rateLimiter, quotaSettings, res);
      return;
    }
    if (await applyQuota(req.viewer, rateLimiter, quotaSettings, res)) next();
  };

  const responseCache: ResponseCache = new ResponseCache({
    ttlSeconds: config.responseCacheSeconds,
    maxBytes: config.responseCacheMaxBytes,
    onLookup: (result) => metrics.cacheLookup(result),
    onStaffMutation: (ctx): Promise<void> =>
      changes.afterWrite({ staleSiteTags: ctx.staleSiteTags, logger: ctx.logger }),
    callerRootFields: new Set(['rateLimit']),
  });
  const changes = new ChangeBroadcast(dataSource, responseCache, config, logger, metrics);
  await changes.start();
  const services: ApiServices = { dataSource, config, metrics, changes };

  app.get('/healthz', (_req, res) => {
    const changeFeed = changes.status();
    return sendHealth(availability, res, {
      quotas: quotaStore(),
      ...(changeFeed && { changes: changeFeed }),
      ...(dataSource.replicas && {
        replicas: dataSource.replicas.status().map(({ name, up, lagBytes }) => ({
          name,
          status: up ? 'up' : 'down',
          lagBytes,
        })),
      }),
    });
  });
  app.get('/metrics', metricsRoute(metrics, config.metricsToken));

  app.use('/exports', viewerGate, exportRoutes(dataSource, config));
  app.use('/imports', viewerGate, importRoutes(services));

  const apollo = new ApolloServer<ApiContext>({
    schema,
    formatError: createFormatError(logger),
    includeStacktraceInErrorResponses: false,
    // The schema is public and documented; the explorer and client generators read it this way.
    introspection: true,
    // main.ts owns the signals: Apollo's own handler would race it to stop() and never let it finish.
    stopOnTerminationSignals: false,
    validationRules: limitValidationRules(),
    // Answers the response cache made or kept go out as they were serialised, not parsed and serialised again.
    stringifyResult: responseCache.stringifyResult,
    // No federated tracing: it costs time on every request and no gateway here reads it. The limits come
    // before the cache, so that a cached answer is charged too; the read transaction ends (and a timeout
    // shapes the answer) before the cache shares and keeps it.
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: DRAIN_GRACE_MS }),
      ApolloServerPluginInlineTraceDisabled(),
      // Apollo's Sandbox page loads its scripts from a CDN; the explorer at /graphiql is served from this host.
      ApolloServerPluginLandingPageDisabled(),
      metrics.plugin(),
      queryLimitsPlugin({ onMeasured: chargeOperationCost(rateLimiter, quotaSettings) }),
      textArgumentsPlugin(),
      failedSignInPlugin(rateLimiter, quotaSettings),
      publicReadsPlugin(),
      // The schema's @cacheControl hints make public answers' Cache-Control (a CDN may keep them), staff's
      // never; before the response cache, which keeps the header with the answer.
      ApolloServerPluginCacheControl({ defaultMaxAge: CURRENT_MAX_AGE_SECONDS }),
      staffAnswersUncachedPlugin(),
      responseCache.plugin(),
      outagePlugin(availability),
    ],
  });
  await apollo.start();

  app.use(
    '/graphql',
    viewerGate,
    graphqlBody,
    documentLimits(),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext({
          ...services,
          logger: req.log,
          requestId: req.id,
          viewer: req.viewer,
          quota: quotaStateOf(res),
          requestOrigin: requestOrigin(req),
        }),
    }),
  );

  app.use(outageErrorHandler(availability));
  app.use(httpErrorHandler);

  const webhooks =
    config.webhookPollMs > 0
      ? startWebhookDispatcher(dataSource, logger, {
          pollMs: config.webhookPollMs,
          timeoutMs: config.webhookTimeoutMs,
          retry: config.webhookRetry,
        })
      : null;
  const dayChanges = startDayChangeNotices(config, logger);

  return {
    app,
    httpServer,
    apollo,
    responseCache,
    metrics,
    listen: (port, host = config.host) =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const address = httpServer.address();
          const actualPort = typeof address === 'object' && address ? address.port : port;
          resolve(`http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort}/graphql`);
        });
      }),
    stop: async () => {
      dayChanges.stop();
      await webhooks?.stop();
      await apollo.stop();
      availability.stop();
      await changes.stop();
      await redisLimiter?.close();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
