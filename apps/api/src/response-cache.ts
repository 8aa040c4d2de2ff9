import { createHash } from 'node:crypto';
import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestContext } from '@apollo/server';
import { Kind, print, type DocumentNode, type FormattedExecutionResult, type OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { ApiContext } from './context';

/**
 * The largest answer kept: about forty 100-row rankings pages, or a player's whole profile many times over.
 * Bigger answers are rare and would crowd out hundreds of ordinary ones.
 */
export const MAX_CACHED_ANSWER_BYTES = 1024 * 1024;

export interface ResponseCacheOptions {
  /** How long an answer may be served (0: answers are not kept; identical requests in flight still share one run). */
  ttlSeconds: number;
  /** Budget of the whole cache, in bytes of serialised answers. */
  maxBytes: number;
  /** Answers above this size are not kept. */
  maxAnswerBytes?: number;
  /** Told how each public query was answered (the metrics): from the cache, shared with one in flight, or run. */
  onLookup?: (result: 'hit' | 'shared' | 'miss') => void;
  /**
   * Called once a staff mutation has run, before its answer is sent, instead of `clear()` alone: the API empties
   * every instance's cache through it (`ChangeBroadcast`).
   */
  onStaffMutation?: (context: ApiContext) => Promise<void>;
  /** Root fields whose answer is the caller's own (his quota): an operation selecting one is neither kept nor shared. */
  callerRootFields?: ReadonlySet<string>;
}

/** An answer as the request that computed it sent it, for the identical requests that waited for it. */
interface SharedAnswer {
  json: string;
  /** Its errors are parsed again for the plugins that read them (metrics, the outage's Retry-After). */
  failed: boolean;
  status: number | undefined;
  /** The Cache-Control the schema's hints gave it, sent again with every copy. */
  cacheControl: string | undefined;
}

/** JSON with object keys sorted, so that `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same variables. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/**
 * Whole answers to public queries, kept for a short time. What the public reads is published lists (which never
 * change) and player and tournament details (which rarely do), so a popular ranking is computed once and then
 * served from memory.
 *
 * - Answers are keyed on the operation as graphql-js prints it (comments, whitespace and formatting do not make
 *   a new entry), the operation name and the variables with sorted keys.
 * - The cache is an LRU bounded by bytes of serialised answer (`maxBytes`); answers above `maxAnswerBytes` are
 *   not kept. They are stored serialised: the size counted is the memory held.
 * - Identical public queries arriving while one is running wait for it and share its answer (single flight),
 *   so a burst of identical misses runs the query once.
 * - Staff requests are never cached nor shared; a staff mutation empties the cache (and, through
 *   `onStaffMutation`, the other instances'); `ttlSeconds` bounds how stale an answer can be after a change made
 *   outside the API (the CLI). Answers with errors are not kept, nor answers computed across a `clear()`.
 */
export class ResponseCache {
  private readonly answers: LRUCache<string, SharedAnswer> | null;
  private readonly inFlight = new Map<string, Promise<SharedAnswer | null>>();
  /** Counts `clear()`s: an answer computed across one is not kept (it may predate the change). */
  private generation = 0;
  private readonly callerRootFields: ReadonlySet<string>;
  /**
   * Answers whose JSON is already made, by their `data` object: the one computed (serialised once to be kept) and
   * those served from memory (sent as they were kept, never parsed). Apollo asks `stringifyResult` for the body.
   */
  private readonly serialized = new WeakMap<object, { json: string; extensions: unknown }>();

  constructor(private readonly options: ResponseCacheOptions) {
    this.callerRootFields = options.callerRootFields ?? new Set();
    this.answers =
      options.ttlSeconds > 0
        ? new LRUCache<string, SharedAnswer>({
            maxSize: options.maxBytes,
            maxEntrySize: Math.min(options.maxBytes, options.maxAnswerBytes ?? MAX_CACHED_ANSWER_BYTES),
            sizeCalculation: ({ json }, key) => Buffer.byteLength(json) + key.length,
            ttl: options.ttlSeconds * 1000,
          })
        : null;
  }

  /** Bytes held (serialised answers and their keys); never above `maxBytes`. */
  get bytes(): number {
    return this.answers?.calculatedSize ?? 0;
  }

  /** Answers held. */
  get size(): number {
    return this.answers?.size ?? 0;
  }

  /** Apollo Server's `stringifyResult`: an answer's JSON as it was made once, any other answer serialised. */
  readonly stringifyResult = (result: FormattedExecutionResult): string => {
    const made = result.data && result.errors === undefined ? this.serialized.get(result.data) : undefined;
    return (made && made.extensions === result.extensions ? made.json : JSON.stringify(result)) + '\n';
  };

  /** Drops every answer, and any answer being computed now will not be kept. */
  clear(): void {
    this.generation++;
    this.answers?.clear();
  }

  plugin(): ApolloServerPlugin<ApiContext> {
    // Settles the flight a request leads, when it ends without reaching willSendResponse.
    const abandon = new WeakMap<ApiContext, () => void>();
    return {
      requestDidStart: async (start) => {
        const staff = start.contextValue.viewer.kind === 'staff';
        let lead: { key: string; generation: number; settle: (answer: SharedAnswer | null) => void } | null = null;
        return {
          responseForOperation: async (context) => {
            if (staff || context.operation.operation !== 'query' || this.selectsCallerField(context.operation))
              return null;
            const key = keyOf(context);
            const cached = this.answers?.get(key);
            if (cached !== undefined) {
              this.options.onLookup?.('hit');
              return this.answerFrom(cached);
            }
            const running = this.inFlight.get(key);
            if (running) {
              this.options.onLookup?.('shared');
              const shared = await running;
              // The request that ran it failed without an answer: run it again here.
              return shared ? this.answerFrom(shared) : null;
            }
            this.options.onLookup?.('miss');
            let settle!: (answer: SharedAnswer | null) => void;
            this.inFlight.set(key, new Promise((resolve) => (settle = resolve)));
            lead = { key, generation: this.generation, settle };
            abandon.set(context.contextValue, () => this.finish(key, settle, null));
            return null;
          },
          willSendResponse: async (context) => {
            if (staff && context.operation?.operation === 'mutation') {
              this.clear();
              await this.options.onStaffMutation?.(context.contextValue);
              return;
            }
            if (!lead) return;
            const body = context.response.body;
            const result = body.kind === 'single' ? body.singleResult : null;
            const answer = result && {
              json: JSON.stringify(result),
              failed: Boolean(result.errors?.length),
              status: context.response.http.status,
              cacheControl: context.response.http.headers.get('cache-control'),
            };
            if (answer && result.data && !answer.failed)
              this.serialized.set(result.data, { json: answer.json, extensions: result.extensions });
            this.finish(lead.key, lead.settle, answer);
            abandon.delete(context.contextValue);
            if (answer && !answer.failed && lead.generation === this.generation) {
              this.answers?.set(lead.key, { ...answer, status: undefined });
            }
          },
        };
      },
      unexpectedErrorProcessingRequest: async ({ requestContext }) => {
        abandon.get(requestContext.contextValue)?.();
      },
    };
  }

  /** The response to send for a kept or shared answer: its JSON goes out as it is (`stringifyResult`). */
  private answerFrom(answer: SharedAnswer) {
    const headers = new HeaderMap();
    if (answer.cacheControl) headers.set('cache-control', answer.cacheControl);
    const singleResult = answer.failed
      ? (JSON.parse(answer.json) as FormattedExecutionResult)
      : this.carrierOf(answer.json);
    return { http: { status: answer.status, headers }, body: { kind: 'single' as const, singleResult } };
  }

  /** A result that only carries the whole result's JSON to stringifyResult. */
  private carrierOf(json: string): FormattedExecutionResult {
    const data = {};
    this.serialized.set(data, { json, extensions: undefined });
    return { data };
  }

  /** A root fragment is not looked into: such an operation is not kept (rare, and never wrong). */
  private selectsCallerField(operation: OperationDefinitionNode): boolean {
    return operation.selectionSet.selections.some(
      (selection) => selection.kind !== Kind.FIELD || this.callerRootFields.has(selection.name.value),
    );
  }

  private finish(key: string, settle: (answer: SharedAnswer | null) => void, answer: SharedAnswer | null): void {
    this.inFlight.delete(key);
    settle(answer);
  }
}

/**
 * Each document's normalized text (comments and layout gone), printed once: Apollo hands every request with the
 * same query text the same parsed document, and printing it again took about 7 % of a cached answer's CPU.
 */
const printedDocuments = new WeakMap<DocumentNode, string>();

function printedOnce(document: DocumentNode): string {
  let printed = printedDocuments.get(document);
  if (printed === undefined) printedDocuments.set(document, (printed = print(document)));
  return printed;
}

function keyOf(context: GraphQLRequestContext<ApiContext>): string {
  return (
    createHash('sha256')
      .update(context.document ? printedOnce(context.document) : (context.request.query ?? ''))
      .update('\0')
      .update(context.operationName ?? '')
      .update('\0')
      .update(canonicalJson(context.request.variables ?? {}))
      // Answers carry absolute URLs on the origin they were asked on (without PUBLIC_API_URL, the request's Host).
      .update('\0')
      .update(context.contextValue.publicBaseUrl)
      // Which list is in force changes when the federation's day does (`currentList`, `upcoming`).
      .update('\0')
      .update(context.contextValue.today)
      .digest('base64url')
  );
}
