import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ErrorRequestHandler, Response } from 'express';
import type { DataSource } from 'typeorm';
import {
  checkDatabase,
  connectionFailure,
  isPoolExhausted,
  type ConnectionFailure,
  type DatabaseHealth,
} from '@ratings/core';
import { BUSY_MESSAGE, ErrorCode, OUTAGE_MESSAGE } from './errors';
import type { Logger } from './logger';

/**
 * `Retry-After` of an answer given during a database outage: a restarting PostgreSQL is back within seconds,
 * and clients that wait this long do not hammer a server that is still down.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** `Retry-After` when every database connection was busy: the queue ahead drains within a second or two. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
/** The answers that mean "retry later", with when. */
const RETRY_AFTER_SECONDS: Partial<Record<string, number>> = {
  [ErrorCode.SERVICE_UNAVAILABLE]: OUTAGE_RETRY_AFTER_SECONDS,
  [ErrorCode.SERVER_BUSY]: BUSY_RETRY_AFTER_SECONDS,
};
/** While the database is down, how often it is probed, so that its return is noticed (and logged) soon. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * Whether the database can be reached, as requests and probes find it. It logs one line when the database
 * goes down (with the reason) and one when it is back, however many requests fail in between; while it is
 * down it probes the database until it answers.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private probeTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
  ) {}

  /** A request could not reach the database. */
  reportFailure(failure: ConnectionFailure): void {
    if (this.downSince !== null || this.stopped) return;
    this.downSince = Date.now();
    this.logger.error({ code: failure.code, reason: failure.message }, 'database down');
    this.scheduleProbe();
  }

  /** Probes the database now (GET /healthz) and records what it found. */
  async check(): Promise<DatabaseHealth> {
    const health = await checkDatabase(this.db);
    if (health.status === 'down') {
      const error = health.error;
      this.reportFailure(
        connectionFailure(error) ?? { code: null, message: error instanceof Error ? error.message : String(error) },
      );
    } else if (this.downSince !== null) {
      this.backUp();
    }
    return health;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.probeTimer);
  }

  private scheduleProbe(): void {
    this.probeTimer = setTimeout(() => {
      void checkDatabase(this.db).then((health) => {
        if (this.stopped || this.downSince === null) return;
        if (health.status === 'up') this.backUp();
        else this.scheduleProbe();
      });
    }, PROBE_INTERVAL_MS);
    // An outage never keeps a stopping process alive.
    this.probeTimer.unref();
  }

  private backUp(): void {
    const downForMs = Date.now() - this.downSince!;
    this.downSince = null;
    clearTimeout(this.probeTimer);
    // warn, not info: whoever saw the outage at LOG_LEVEL=warn (`npm start`) also sees its end.
    this.logger.warn({ downForMs }, 'database back up');
  }
}

function setRetryAfter(res: Pick<Response, 'setHeader'>, seconds = OUTAGE_RETRY_AFTER_SECONDS): void {
  res.setHeader('retry-after', String(seconds));
}

/**
 * GraphQL: an operation that could not reach the database, or waited too long for one of its connections, is
 * answered HTTP 503 with `Retry-After`. An outage is reported where it happened; the answer is shaped from its
 * error code, so that identical requests that shared the failed run's answer (the response cache's single flight)
 * say the same.
 */
export function outagePlugin(availability: DatabaseAvailability): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          const failure = errors.map((error) => connectionFailure(unwrapResolverError(error))).find(Boolean);
          if (failure) availability.reportFailure(failure);
        },
        async willSendResponse({ response }) {
          const body = response.body;
          if (body.kind !== 'single') return;
          const retryAfter = body.singleResult.errors
            ?.map((error) => RETRY_AFTER_SECONDS[String(error.extensions?.code)])
            .find((seconds) => seconds !== undefined);
          if (retryAfter === undefined) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(retryAfter));
        },
      };
    },
  };
}

/** Routes outside GraphQL (/exports, the caller's identification): the same 503 for the same failures. */
export function outageErrorHandler(availability: DatabaseAvailability): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (isPoolExhausted(error)) {
      setRetryAfter(res, BUSY_RETRY_AFTER_SECONDS);
      res.status(503).json({ errors: [{ message: BUSY_MESSAGE, extensions: { code: ErrorCode.SERVER_BUSY } }] });
      return;
    }
    const failure = connectionFailure(error);
    if (!failure) return next(error);
    availability.reportFailure(failure);
    setRetryAfter(res);
    res
      .status(503)
      .json({ errors: [{ message: OUTAGE_MESSAGE, extensions: { code: ErrorCode.SERVICE_UNAVAILABLE } }] });
  };
}

/**
 * GET /healthz: the database's state, without internals (the reason of a failure goes to the log), and what
 * else the instance reports (`details`: the quota store, the replicas) while the database is up.
 */
export async function sendHealth(
  availability: DatabaseAvailability,
  res: Response,
  details: Record<string, unknown> = {},
): Promise<void> {
  const health = await availability.check();
  if (health.status === 'up') {
    const { engine, latencyMs, migrationsPending } = health;
    res.json({ status: 'ok', database: { status: 'up', engine, latencyMs, migrationsPending }, ...details });
    return;
  }
  setRetryAfter(res);
  res.status(503).json({ status: 'down', database: { status: 'down' } });
}
