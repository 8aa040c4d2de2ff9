import { request as httpRequest } from 'node:http';
import type { DemoCatalogue } from './demo-federation';

/**
 * The hostile stream: requests built to hurt the API (memory, CPU, database, password hashing, the HTTP layer's
 * error paths), sent open loop at a fixed rate from an address the quotas count, whatever the API answers.
 * Each is expected to be refused with a 4xx (or 429 once the address is over its quota); what matters is what
 * they do to the legitimate traffic beside them.
 */

export interface HostileRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface HostileCase {
  readonly name: string;
  /** The request to send the `sequence`-th time (the cache flood makes each one unique). */
  request(sequence: number): HostileRequest;
}

export interface HostileOutcome {
  readonly caseName: string;
  /** The HTTP status, or what happened instead: `timeout`, or the connection error's code. */
  readonly answer: string;
  /** The distinct `extensions.code` values of the answer's errors. */
  readonly codes: readonly string[];
  readonly ms: number;
}

/** Aliases of one 100-row page, each unique query text a new cache entry of 3,000 rows. */
const CACHE_FLOOD_ALIASES = 30;
const CACHE_FLOOD_PAGE = 100;
/** 13 levels of fragments, each spreading the next 4 times: 4^13 (67 million) paths for a walker that expands them. */
const FRAGMENT_LEVELS = 13;
const FRAGMENT_USES = 4;
/**
 * Federation's entry point resolves each representation: 4,000 players' histories in one request, with a selection
 * small enough for a cost estimate that counts a plain list as a few dozen items.
 */
const ENTITY_REPRESENTATIONS = 4_000;
/** One database query per alias: 2,000 club rankings in a request under the body limit. */
const CLUB_ALIASES = 2_000;
/** Five times the API's 200 kB body limit. */
const OVERSIZED_BODY_BYTES = 1024 * 1024;
/** A cursor that passes the shape check ({ rank, rating, playerId } integers) but overflows PostgreSQL's integer. */
const CRAFTED_CURSOR = Buffer.from(
  `c1:${JSON.stringify({ rank: Number.MAX_SAFE_INTEGER, rating: Number.MAX_SAFE_INTEGER, playerId: -Number.MAX_SAFE_INTEGER })}`,
).toString('base64url');
/** Error bodies list their errors first (Apollo orders `errors` before `data`): a prefix says which codes. */
const SCANNED_BODY_BYTES = 64 * 1024;

const post = (body: string, contentType = 'application/json'): HostileRequest => ({
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': contentType },
  body,
});
const graphqlPost = (query: string, variables?: Record<string, unknown>) => post(JSON.stringify({ query, variables }));

function fragmentBomb(): string {
  const fragments = Array.from({ length: FRAGMENT_LEVELS }, (_, level) => {
    const body =
      level === FRAGMENT_LEVELS - 1
        ? 'code'
        : Array.from({ length: FRAGMENT_USES }, () => `...F${level + 1}`).join(' ');
    return `fragment F${level} on Pool { ${body} }`;
  });
  return `query FragmentBomb { pools { ...F0 } }\n${fragments.join('\n')}`;
}

export function hostileCases(catalogue: DemoCatalogue): HostileCase[] {
  const [pool] = catalogue.pools;
  const cacheFlood = Array.from(
    { length: CACHE_FLOOD_ALIASES },
    (_, alias) =>
      `p${alias}: rankings(pool: "${pool.code}", first: ${CACHE_FLOOD_PAGE}) { edges { node { rank rating display player { id surname givenName club } } } }`,
  ).join('\n');
  const entities = graphqlPost(
    `query Entities($representations: [_Any!]!) { _entities(representations: $representations) { ... on Player { id
      histories { pool { code } points { date rating } tournaments { ratingBefore ratingAfter } } } } }`,
    {
      representations: Array.from({ length: ENTITY_REPRESENTATIONS }, (_, index) => ({
        __typename: 'Player',
        id: catalogue.playerIds[index % catalogue.playerIds.length],
      })),
    },
  );
  const clubRankings = graphqlPost(
    `query Clubs($pool: String!) {${Array.from(
      { length: CLUB_ALIASES },
      (_, alias) =>
        `c${alias}:rankings(pool:$pool,club:${JSON.stringify(pool.clubs[alias % pool.clubs.length])},first:1){totalCount}`,
    ).join(' ')}}`,
    { pool: pool.code },
  );
  const bomb = graphqlPost(fragmentBomb());
  // No demo account has this address: the API hashes each guess all the same, so that the answer tells nothing.
  const login = (sequence: number) =>
    graphqlPost(
      'mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
      {
        email: 'rating.officer@demo.example',
        password: `guess-${sequence}`,
      },
    );
  const validBody = JSON.stringify({ query: '{ pools { code } }' });

  return [
    {
      name: `cache flood: ${CACHE_FLOOD_ALIASES} aliases of a ${CACHE_FLOOD_PAGE}-row page`,
      request: (sequence) => graphqlPost(`# ${sequence}\n{\n${cacheFlood}\n}`),
    },
    {
      name: `fragment bomb: ${FRAGMENT_LEVELS} levels × ${FRAGMENT_USES} (${bomb.body?.length} B)`,
      request: () => bomb,
    },
    { name: `_entities: ${ENTITY_REPRESENTATIONS.toLocaleString('en')} players' histories`, request: () => entities },
    {
      name: `${CLUB_ALIASES.toLocaleString('en')} aliased rankings(club:) (${kilobytes(clubRankings.body)})`,
      request: () => clubRankings,
    },
    { name: 'failed login', request: login },
    { name: 'invalid JSON', request: () => post(validBody.slice(0, -1)) },
    {
      name: `body over the limit (${kilobytes(OVERSIZED_BODY_BYTES)})`,
      request: () => graphqlPost('{ pools { code } }', { padding: 'x'.repeat(OVERSIZED_BODY_BYTES) }),
    },
    { name: 'wrong content type', request: () => post(validBody, 'text/plain') },
    {
      name: 'NUL byte in players(search:)',
      request: () =>
        graphqlPost('query Search($search: String) { players(search: $search) { edges { node { id } } } }', {
          search: 'Tremblay\u0000',
        }),
    },
    {
      name: 'crafted cursor',
      request: () =>
        graphqlPost(
          'query Page($pool: String!, $after: String) { rankings(pool: $pool, after: $after) { totalCount } }',
          {
            pool: pool.code,
            after: CRAFTED_CURSOR,
          },
        ),
    },
    {
      name: 'malformed date argument',
      request: () =>
        graphqlPost('query AsOf($pool: String!, $asOf: Date) { rankings(pool: $pool, asOf: $asOf) { totalCount } }', {
          pool: pool.code,
          asOf: '2026-02-30',
        }),
    },
    {
      name: 'malformed % escape in the path',
      request: () => ({ method: 'GET', path: `/exports/lists/%E0%A4%A.csv`, headers: {} }),
    },
  ];
}

function kilobytes(body: string | number | undefined): string {
  const bytes = typeof body === 'number' ? body : Buffer.byteLength(body ?? '');
  return `${(bytes / 1024).toFixed(0)} kB`;
}

/** Sends one request on a connection of its own from `localAddress`; never rejects. */
function send(
  origin: URL,
  localAddress: string,
  caseName: string,
  request: HostileRequest,
  timeoutMs: number,
): Promise<HostileOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: string, codes: readonly string[] = []) => {
      if (settled) return;
      settled = true;
      resolve({ caseName, answer, codes, ms: performance.now() - started });
    };
    const outgoing = httpRequest(
      new URL(request.path, origin),
      {
        method: request.method,
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        localAddress,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        let scanned = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (scanned.length < SCANNED_BODY_BYTES) scanned += chunk.slice(0, SCANNED_BODY_BYTES - scanned.length);
        });
        response.on('end', () => {
          const codes = new Set(
            [...scanned.matchAll(/"extensions":\{[^}]*?"code":"([A-Z_]+)"/g)].map((match) => match[1]),
          );
          settle(String(response.statusCode), [...codes]);
        });
        response.on('error', (error) => settle(errorName(error)));
      },
    );
    outgoing.on('error', (error) => settle(errorName(error)));
    outgoing.end(request.body);
  });
}

function errorName(error: Error & { code?: string }): string {
  return error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timeout' : (error.code ?? error.message);
}

export interface HostileStream {
  /** Stops sending and resolves once every request sent has its outcome (each is bounded by the timeout). */
  stop(): Promise<HostileOutcome[]>;
}

/** Sends the cases in turn, `perSecond` a second, without waiting for answers (an attacker does not). */
export function startHostileStream(
  origin: URL,
  options: { cases: readonly HostileCase[]; perSecond: number; localAddress: string; timeoutMs: number },
): HostileStream {
  const pending: Promise<HostileOutcome>[] = [];
  let sequence = 0;
  const timer = setInterval(() => {
    const hostileCase = options.cases[sequence % options.cases.length];
    pending.push(
      send(origin, options.localAddress, hostileCase.name, hostileCase.request(sequence), options.timeoutMs),
    );
    sequence += 1;
  }, 1000 / options.perSecond);
  return {
    stop() {
      clearInterval(timer);
      return Promise.all(pending);
    },
  };
}
