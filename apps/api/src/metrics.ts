import { timingSafeEqual } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PrimaryReadReason, RatingsDataSource } from '@ratings/core';
import type { QuotaStoreStatus } from './auth/redis-rate-limiter';

/**
 * Operation names are the caller's text: past this many distinct ones (or a name that is not a GraphQL name),
 * they are counted as "other", so that a hostile caller cannot grow the metrics without bound.
 */
export const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Seconds: from a cached answer (well under a millisecond) to the costliest reads and staff imports. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a rating run takes from a fraction of a second (a club) to minutes (a FIDE-sized pool). */
const RUN_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** A node-postgres pool's counters (TypeORM's driver holds one per server). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The API process's Prometheus metrics (one registry per server, so that tests may run several). */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly operationNames = new Set<string>();
  private readonly operations = new Counter({
    name: 'ratings_graphql_operations_total',
    help: 'GraphQL operations answered, by operation name and type',
    labelNames: ['operation', 'type'],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'ratings_graphql_operation_duration_seconds',
    help: 'Time from a GraphQL request to its answer, by operation name',
    labelNames: ['operation'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'ratings_graphql_errors_total',
    help: 'GraphQL errors answered, by extensions.code',
    labelNames: ['code'],
    registers: [this.registry],
  });
  private readonly cache = new Counter({
    name: 'ratings_response_cache_lookups_total',
    help: 'Public queries by how they were answered: hit (the cache), shared (an identical query in flight), miss',
    labelNames: ['result'],
    registers: [this.registry],
  });
  private readonly primaryReads = new Counter({
    name: 'ratings_replica_fallback_reads_total',
    help: 'Public reads that went to the primary because every replica was down or behind',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly runs = new Histogram({
    name: 'ratings_rating_run_duration_seconds',
    help: 'Duration of rating runs (runRatingPeriod), successful or not',
    labelNames: ['outcome'],
    buckets: RUN_BUCKETS,
    registers: [this.registry],
  });
  private readonly cacheClears = new Counter({
    name: 'ratings_response_cache_clears_total',
    help: 'Response cache emptied, by origin: a mutation on this instance, or another instance',
    labelNames: ['origin'],
    registers: [this.registry],
  });

  constructor(dataSource: RatingsDataSource, quotaStore: () => QuotaStoreStatus) {
    collectDefaultMetrics({ register: this.registry, prefix: 'ratings_' });
    const driver = dataSource.driver as unknown as { master?: PoolCounts; slaves?: PoolCounts[] };
    new Gauge({
      name: 'ratings_db_pool_connections',
      help: 'Database pool connections by server and state (total, idle, waiting: requests queued for one)',
      labelNames: ['server', 'state'],
      registers: [this.registry],
      collect() {
        const pools: [string, PoolCounts | undefined][] = [
          ['primary', driver.master],
          ...(driver.slaves ?? []).map((pool, index): [string, PoolCounts] => [`replica-${index + 1}`, pool]),
        ];
        for (const [server, pool] of pools) {
          if (!pool) continue;
          this.set({ server, state: 'total' }, pool.totalCount);
          this.set({ server, state: 'idle' }, pool.idleCount);
          this.set({ server, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
    new Gauge({
      name: 'ratings_replica_lag_bytes',
      help: "Bytes of the primary's WAL a replica has not replayed yet, at the last poll",
      labelNames: ['replica'],
      registers: [this.registry],
      collect() {
        for (const replica of dataSource.replicas?.status() ?? []) {
          if (replica.lagBytes !== null) this.set({ replica: replica.name }, replica.lagBytes);
        }
      },
    });
    new Gauge({
      name: 'ratings_replica_up',
      help: 'Whether a replica answers (1) or its reads go to the primary (0)',
      labelNames: ['replica'],
      registers: [this.registry],
      collect() {
        for (const replica of dataSource.replicas?.status() ?? []) this.set({ replica: replica.name }, +replica.up);
      },
    });
    new Gauge({
      name: 'ratings_rate_limit_shared',
      help: 'Whether quotas are counted in the shared store (1) or per instance (0)',
      registers: [this.registry],
      collect() {
        this.set(+quotaStore().shared);
      },
    });
  }

  cacheLookup(result: 'hit' | 'shared' | 'miss'): void {
    this.cache.inc({ result });
  }

  cacheCleared(origin: 'mutation' | 'another instance'): void {
    this.cacheClears.inc({ origin });
  }

  readFromPrimary(reason: PrimaryReadReason): void {
    this.primaryReads.inc({ reason });
  }

  /** Times a rating run, whatever its outcome. */
  async timeRatingRun<T>(run: () => Promise<T>): Promise<T> {
    const end = this.runs.startTimer();
    try {
      const result = await run();
      end({ outcome: 'rated' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }

  /** Counts and times every GraphQL operation, and its errors by code. */
  plugin(): ApolloServerPlugin {
    return {
      requestDidStart: async () => {
        const started = process.hrtime.bigint();
        return {
          willSendResponse: async ({ operationName, operation, response }) => {
            const name = this.operationLabel(operationName);
            this.operations.inc({ operation: name, type: operation?.operation ?? 'invalid' });
            this.latency.observe({ operation: name }, Number(process.hrtime.bigint() - started) / 1e9);
            const body = response.body;
            for (const error of body.kind === 'single' ? (body.singleResult.errors ?? []) : []) {
              this.errors.inc({ code: String(error.extensions?.code ?? 'UNKNOWN') });
            }
          },
        };
      },
    };
  }

  private operationLabel(name: string | null | undefined): string {
    if (!name) return '(anonymous)';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    this.operationNames.add(name);
    return name;
  }
}

/**
 * GET /metrics in Prometheus' text format, for the scraper that presents `METRICS_TOKEN` as a bearer token;
 * 404 when no token is configured (the metrics are not public), 401 with another token or none.
 */
export function metricsRoute(metrics: ApiMetrics, token: string | null) {
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  return async (req: Request, res: Response): Promise<void> => {
    if (expected === null) {
      res.status(404).json({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] });
      return;
    }
    const given = Buffer.from(req.header('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.setHeader('www-authenticate', 'Bearer');
      res.status(401).json({
        errors: [
          { message: 'GET /metrics needs the METRICS_TOKEN bearer token', extensions: { code: 'UNAUTHENTICATED' } },
        ],
      });
      return;
    }
    res.setHeader('content-type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  };
}
