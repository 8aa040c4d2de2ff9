import { readApiConfig } from './config';
import { MAX_OPERATION_NAMES } from './metrics';
import { startTestApi, type TestApi } from './testing/api-harness';

const TOKEN = 'a-metrics-token-only-the-scraper-knows';

describe('production settings', () => {
  it('refuses to start without TOKEN_SECRET when NODE_ENV is production, saying what to set', () => {
    expect(() => readApiConfig({ NODE_ENV: 'production' })).toThrow(
      /TOKEN_SECRET is not set: in production \(NODE_ENV=production\)/,
    );
    expect(readApiConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(32) }).tokenSecretGenerated).toBe(false);
    expect(readApiConfig({}).tokenSecretGenerated).toBe(true);
  });

  it('carries the change messages over Redis pub/sub only when CHANGE_FEED_REDIS_URL is set, and refuses a malformed one', () => {
    expect(readApiConfig({ DATABASE_URL: 'postgres://db.internal/ratings' })).toMatchObject({
      changeFeedUrl: 'postgres://db.internal/ratings',
      changeFeedRedisUrl: null,
    });
    expect(
      readApiConfig({
        CHANGE_FEED_REDIS_URL: ' rediss://:secret@redis.internal:6380/2 ',
        CHANGE_FEED_REDIS_CHANNEL: 'fqe',
      }),
    ).toMatchObject({ changeFeedRedisUrl: 'rediss://:secret@redis.internal:6380/2', changeFeedRedisChannel: 'fqe' });
    expect(readApiConfig({ CHANGE_FEED_REDIS_URL: '' })).toMatchObject({
      changeFeedRedisUrl: null,
      changeFeedRedisChannel: 'ratings:changes',
    });
    for (const malformed of ['redis.internal:6379', 'http://redis.internal:6379', 'redis://:secret@[::1']) {
      expect(() => readApiConfig({ CHANGE_FEED_REDIS_URL: malformed })).toThrow(
        'CHANGE_FEED_REDIS_URL must be a redis:// or rediss:// URL, such as redis://redis.internal:6379/0',
      );
    }
  });

  it('reads the federation’s time zone, America/Toronto by default, and refuses an unknown one by name', () => {
    expect(readApiConfig({}).federationTimeZone).toBe('America/Toronto');
    expect(readApiConfig({ FEDERATION_TIME_ZONE: 'Europe/Paris' }).federationTimeZone).toBe('Europe/Paris');
    expect(() => readApiConfig({ FEDERATION_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'FEDERATION_TIME_ZONE must be an IANA time zone such as America/Toronto or Europe/Paris, got "Mars/Olympus"',
    );
  });
});

describe('GET /metrics', () => {
  let api: TestApi;
  let closed: TestApi;
  beforeAll(async () => {
    [api, closed] = await Promise.all([startTestApi({ config: { metricsToken: TOKEN } }), startTestApi()]);
  });
  afterAll(async () => {
    await Promise.all([api?.stop(), closed?.stop()]);
  });

  const scrape = (origin: string, authorization?: string) =>
    fetch(`${origin}/metrics`, { headers: authorization ? { authorization } : {} });

  it('is not there without METRICS_TOKEN, and refuses any other token', async () => {
    expect((await scrape(closed.origin, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await scrape(api.origin)).status).toBe(401);
    expect((await scrape(api.origin, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(api.origin, TOKEN)).status).toBe(401);
  });

  it('counts operations by name, errors by code and cache lookups, in Prometheus text', async () => {
    await api.gql('query Pools { pools { code } }');
    await api.gql('query Pools { pools { code } }');
    await api.gql('query Broken { player(id: "not a number") { id } }');
    const response = await scrape(api.origin, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('ratings_graphql_operations_total{operation="Pools",type="query"} 2');
    expect(text).toContain('ratings_graphql_operation_duration_seconds_count{operation="Pools"} 2');
    expect(text).toContain('ratings_graphql_errors_total{code="BAD_USER_INPUT"} 1');
    // The first Pools ran, the second came from the cache; Broken ran (and, with its error, was not kept).
    expect(text).toContain('ratings_response_cache_lookups_total{result="miss"} 2');
    expect(text).toContain('ratings_response_cache_lookups_total{result="hit"} 1');
    expect(text).toMatch(/ratings_db_pool_connections\{server="primary",state="total"\} \d+/);
    expect(text).toContain('ratings_rate_limit_shared 0');
  });

  it('counts operation names past the first MAX_OPERATION_NAMES as "other"', async () => {
    const names = Array.from({ length: MAX_OPERATION_NAMES + 5 }, (_, index) => `Named${index}`);
    for (const name of names)
      await api.gql(`query ${name} { calculate(rating: 1500, opponent: 1500, score: 1) { change } }`);
    const text = await (await scrape(api.origin, `Bearer ${TOKEN}`)).text();
    const labelled = text.split('\n').filter((line) => line.startsWith('ratings_graphql_operations_total{'));
    // Pools, Broken and the first names fill the table; the rest share one series.
    expect(labelled).toContain('ratings_graphql_operations_total{operation="other",type="query"} 7');
    expect(labelled).toHaveLength(MAX_OPERATION_NAMES + 1);
  });
});
