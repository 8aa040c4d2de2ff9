import type { Response } from 'express';
import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { DomainError, type RateLimitDecision, type RateLimiter } from '@ratings/core';
import type { ApiContext } from '../context';
import { ApiError, ErrorCode } from '../errors';
import type { OperationSize } from '../limits';
import type { Viewer } from './viewer';

export interface QuotaSettings {
  /** Units per minute per IP for anonymous callers. */
  anonymousPerMinute: number;
  /** Client addresses never limited (the site's own server on the same machine, by default). */
  exemptIps: ReadonlySet<string>;
}

/**
 * The quota unit: an operation costs one unit per this many estimated field resolutions (rounded up), so a
 * simple query costs 1 unit, a 100-row ranking with its players 2, and the costliest operation allowed 50.
 */
export const FIELDS_PER_QUOTA_UNIT = 1_000;

/**
 * What a failed credential (an invalid or expired token or API key, a refused sign-in) costs the address it
 * came from: 30 failures use up the default anonymous quota of a minute, which a person who mistypes never
 * reaches and a guesser soon does.
 */
export const FAILED_CREDENTIAL_COST = 10;

/** The units an operation of this size costs (at least 1). */
export function quotaUnits(size: OperationSize): number {
  return Math.max(1, Math.ceil(size.cost / FIELDS_PER_QUOTA_UNIT));
}

interface Quota {
  key: string;
  limit: number;
}

/**
 * A request's standing against its caller's quota, as its RateLimit headers say it: the latest decision (the
 * arrival charge, then the operation's) and what the request cost in all. `rateLimit` on Query reads it.
 */
export interface QuotaState {
  decision: RateLimitDecision;
  /** Units this request costs: 1 on arrival, the operation's measured cost once known. */
  cost: number;
  /** When the decision was made (ms since the epoch), for the absolute reset time. */
  decidedAt: number;
}

/** The request's quota state, kept on the response for the GraphQL context (null: staff, exempt addresses). */
export function quotaStateOf(res: Response): QuotaState | null {
  return (res.locals.quota as QuotaState | undefined) ?? null;
}

/** The quota that pays for a caller: an API key's own, or its IP's; null for staff and exempt addresses. */
function quotaOf(viewer: Viewer, settings: QuotaSettings): Quota | null {
  if (viewer.kind === 'staff' || settings.exemptIps.has(viewer.ip)) return null;
  return viewer.kind === 'apiKey'
    ? { key: `key:${viewer.keyId}`, limit: viewer.quotaPerMinute }
    : addressQuota(viewer.ip, settings);
}

/** The anonymous quota of an address, which also pays for the failed credentials sent from it. */
function addressQuota(ip: string, settings: QuotaSettings): Quota | null {
  return settings.exemptIps.has(ip) ? null : { key: `ip:${ip}`, limit: settings.anonymousPerMinute };
}

/** The caller's quota in the IETF RateLimit header fields, and Retry-After when refused. */
function quotaHeaders(decision: RateLimitDecision): [string, string][] {
  return [
    ['RateLimit-Policy', `${decision.limit};w=60`],
    ['RateLimit-Limit', String(decision.limit)],
    ['RateLimit-Remaining', String(decision.remaining)],
    ['RateLimit-Reset', String(decision.resetSeconds)],
    ...(decision.allowed ? [] : ([['Retry-After', String(decision.resetSeconds)]] as [string, string][])),
  ];
}

function rateLimited(decision: RateLimitDecision, cost: number): ApiError {
  const what = cost === 1 ? '' : ` (this operation costs ${cost} units)`;
  return new ApiError(
    ErrorCode.RATE_LIMITED,
    `quota of ${decision.limit} units a minute used up${what}; retry in ${decision.resetSeconds} s`,
    { retryAfterSeconds: decision.resetSeconds },
  );
}

function sendError(res: Response, status: number, error: { message: string; extensions: Record<string, unknown> }) {
  const { http: _http, ...extensions } = error.extensions;
  res.status(status).json({ errors: [{ message: error.message, extensions }] });
}

function setHeaders(res: Response, decision: RateLimitDecision): void {
  for (const [name, value] of quotaHeaders(decision)) res.setHeader(name, value);
}

/**
 * The charge every request pays on arrival, GraphQL and exports alike: 1 unit of the caller's quota (a key's
 * own, or the per-IP anonymous one; staff are not limited). Every response carries the caller's quota; over
 * quota → 429, RATE_LIMITED and Retry-After. Returns false when the request was refused (the response is sent).
 */
export async function applyQuota(
  viewer: Viewer,
  limiter: RateLimiter,
  settings: QuotaSettings,
  res: Response,
): Promise<boolean> {
  const quota = quotaOf(viewer, settings);
  if (!quota) return true;
  const decision = await limiter.hit(quota.key, quota.limit);
  setHeaders(res, decision);
  res.locals.quota = { decision, cost: 1, decidedAt: Date.now() } satisfies QuotaState;
  if (decision.allowed) return true;
  sendError(res, 429, rateLimited(decision, 1));
  return false;
}

/**
 * Charges a failed credential to the address it came from: FAILED_CREDENTIAL_COST units. When the window cannot
 * pay them, what is left of it is used up (the address is then refused until the window resets) and the
 * decision says refused. Null for exempt addresses.
 */
export async function chargeFailedCredential(
  ip: string,
  limiter: RateLimiter,
  settings: QuotaSettings,
): Promise<RateLimitDecision | null> {
  const quota = addressQuota(ip, settings);
  if (!quota) return null;
  const decision = await limiter.hit(quota.key, quota.limit, FAILED_CREDENTIAL_COST);
  if (decision.allowed) return decision;
  if (decision.remaining > 0) await limiter.hit(quota.key, quota.limit, decision.remaining);
  return { ...decision, remaining: 0 };
}

/**
 * Answers a request whose credentials were refused, after charging its address: 401 UNAUTHENTICATED, or 429
 * RATE_LIMITED once the address's quota cannot pay for the failure.
 */
export async function refuseCredentials(
  ip: string,
  error: DomainError,
  limiter: RateLimiter,
  settings: QuotaSettings,
  res: Response,
): Promise<void> {
  const decision = await chargeFailedCredential(ip, limiter, settings);
  if (decision) setHeaders(res, decision);
  if (decision && !decision.allowed) sendError(res, 429, rateLimited(decision, FAILED_CREDENTIAL_COST));
  else sendError(res, 401, { message: error.message, extensions: { code: error.code, ...(error.details ?? {}) } });
}

/**
 * Charges an operation its measured cost once it is known, before it runs: the arrival charge (`applyQuota`)
 * paid 1 unit, this pays the rest. When the quota cannot pay, the operation is refused with 429 (and counts
 * nothing more).
 */
export function chargeOperationCost(limiter: RateLimiter, settings: QuotaSettings) {
  return async (size: OperationSize, context: GraphQLRequestContextDidResolveOperation<ApiContext>) => {
    const quota = quotaOf(context.contextValue.viewer, settings);
    const cost = quotaUnits(size);
    if (!quota || cost === 1) return;
    const decision = await limiter.hit(quota.key, quota.limit, cost - 1);
    for (const [name, value] of quotaHeaders(decision)) context.response.http.headers.set(name, value);
    if (!decision.allowed) throw rateLimited(decision, cost);
    const state = context.contextValue.quota;
    if (state) Object.assign(state, { decision, cost, decidedAt: Date.now() } satisfies QuotaState);
  };
}

/** The refusal `login` answers for a wrong e-mail or password (core's `unauthenticated(…, 'BAD_CREDENTIALS')`). */
const isRefusedSignIn = (error: unknown) =>
  error instanceof DomainError && error.code === 'UNAUTHENTICATED' && error.details?.reason === 'BAD_CREDENTIALS';

/** A refused sign-in costs its address FAILED_CREDENTIAL_COST units, whoever the caller is. */
export function failedSignInPlugin(limiter: RateLimiter, settings: QuotaSettings): ApolloServerPlugin<ApiContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue: { viewer }, response }) {
          if (!errors.some((error) => isRefusedSignIn(error.originalError))) return;
          const decision = await chargeFailedCredential(viewer.ip, limiter, settings);
          // The answer is the sign-in's refusal either way; the headers show the quota it was charged to.
          if (decision && viewer.kind === 'anonymous')
            for (const [name, value] of quotaHeaders({ ...decision, allowed: true }))
              response.http.headers.set(name, value);
        },
      };
    },
  };
}
