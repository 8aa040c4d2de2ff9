import { makePool, makeRatingList } from '@ratings/core/testing';
import { startTestApi, type TestApi } from './testing/api-harness';

const API = 'https://api.fed.example';
const SITE = 'https://ratings.fed.example';

/** The feed's entries as (title, link, updated), in the feed's order. */
const entries = (xml: string) =>
  [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map(([, entry]) => [
    /<title type="html"><!\[CDATA\[(.*?)\]\]><\/title>/.exec(entry)?.[1],
    /<link href="(.*?)"/.exec(entry)?.[1],
    /<updated>(.*?)<\/updated>/.exec(entry)?.[1],
  ]);

describe('GET /exports/pools/<code>/lists.atom', () => {
  let api: TestApi;
  let listIds: number[];
  beforeAll(async () => {
    api = await startTestApi({ config: { publicBaseUrl: API, publicSiteUrl: SITE } });
    const pool = await makePool(api.db, { code: 'standard', name: 'Standard', nameFr: 'Lente' });
    const october = await makeRatingList(api.db, {
      poolId: pool.id,
      period: '2026-10',
      status: 'PUBLISHED',
      publishedAt: new Date('2026-10-02T10:00:00Z'),
    });
    const november = await makeRatingList(api.db, {
      poolId: pool.id,
      period: '2026-11',
      status: 'PUBLISHED',
      publishedAt: new Date('2026-11-02T10:00:00Z'),
    });
    const corrected = await makeRatingList(api.db, {
      poolId: pool.id,
      period: '2026-11',
      revision: 1,
      correctsListId: november.id,
      reason: 'a result corrected',
      status: 'PUBLISHED',
      publishedAt: new Date('2026-11-05T09:30:00Z'),
    });
    await makeRatingList(api.db, { poolId: pool.id, period: '2026-12' }); // a draft: not in the feed
    await makePool(api.db, { code: 'blitz', name: 'Blitz' });
    listIds = [corrected.id, november.id, october.id];
  });
  afterAll(() => api?.stop());

  it('lists every publication and correction, newest first, with absolute URLs and caching headers', async () => {
    const response = await fetch(`${api.origin}/exports/pools/standard/lists.atom`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(`<id>${API}/exports/pools/standard/lists.atom</id>`);
    expect(xml).toContain(`<link rel="self" href="${API}/exports/pools/standard/lists.atom"/>`);
    expect(xml).toContain(`<updated>2026-11-05T09:30:00.000Z</updated>`);
    const [corrected, november, october] = listIds;
    expect(entries(xml)).toEqual([
      ['List 2026-11, revision 1 (correction)', `${SITE}/en/lists/standard/${corrected}`, '2026-11-05T09:30:00.000Z'],
      ['List 2026-11', `${SITE}/en/lists/standard/${november}`, '2026-11-02T10:00:00.000Z'],
      ['List 2026-10', `${SITE}/en/lists/standard/${october}`, '2026-10-02T10:00:00.000Z'],
    ]);
    expect(xml).toContain(`<id>${API}/exports/lists/${corrected}.json</id>`);
    expect(xml).toContain('Corrected: a result corrected');
  });

  it('answers 304 to a reader who has the same feed (If-None-Match), and the whole feed otherwise', async () => {
    const first = await fetch(`${api.origin}/exports/pools/standard/lists.atom`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const again = await fetch(`${api.origin}/exports/pools/standard/lists.atom`, {
      headers: { 'if-none-match': etag },
    });
    expect([again.status, await again.text()]).toEqual([304, '']);
    const stale = await fetch(`${api.origin}/exports/pools/standard/lists.atom`, {
      headers: { 'if-none-match': '"another"' },
    });
    expect(stale.status).toBe(200);
  });

  it('speaks French with lang=fr, linking the French pages', async () => {
    const xml = await (await fetch(`${api.origin}/exports/pools/standard/lists.atom?lang=fr`)).text();
    expect(xml).toContain('<title>Lente : listes de classement</title>');
    expect(entries(xml)[0].slice(0, 2)).toEqual([
      'Liste 2026-11, révision 1 (correction)',
      `${SITE}/listes/standard/${listIds[0]}`,
    ]);
  });

  it('is an empty feed for a pool without publications, and 404 for an unknown pool', async () => {
    const empty = await fetch(`${api.origin}/exports/pools/blitz/lists.atom`);
    expect(empty.status).toBe(200);
    expect(entries(await empty.text())).toEqual([]);
    const unknown = await fetch(`${api.origin}/exports/pools/nope/lists.atom`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('the feed without PUBLIC_API_URL and SITE_URL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const pool = await makePool(api.db, { code: 'rapid' });
    await makeRatingList(api.db, { poolId: pool.id, period: '2026-10', status: 'PUBLISHED' });
  });
  afterAll(() => api?.stop());

  it("takes the request's origin and links entries to the list's JSON export", async () => {
    const xml = await (await fetch(`${api.origin}/exports/pools/rapid/lists.atom`)).text();
    expect(xml).toContain(`<link rel="self" href="${api.origin}/exports/pools/rapid/lists.atom"/>`);
    expect(entries(xml)[0][1]).toMatch(new RegExp(`^${api.origin}/exports/lists/\\d+\\.json$`));
  });
});
