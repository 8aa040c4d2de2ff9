import type { Page, Response } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { startWebServer, stopWebServer, type WebServer } from './support/server';
import { queryTestApi } from './support/site';
import { apiToken, OFFICER, SESSION_COOKIE } from './support/staff';

/**
 * Kept pages (apps/web README, "Caching"): public pages are rendered once and served from the full-route cache,
 * query strings go to kept one-filter rankings or to per-request routes, the browser never stores an RSC answer
 * (a stored prefetch stalls the next client navigation in Chromium), and a staff session changes nothing of what
 * the public is served. A site of its own, so that no other suite's revalidation empties its cache meanwhile.
 */

const POOL = 'standard';

let site: WebServer;
let browser: BrowserSession;
let page: Page;
const baseUrl = () => site.baseUrl;
const apiUrl = () => {
  const url = process.env.E2E_API_GRAPHQL_URL;
  if (!url) throw new Error('E2E_API_GRAPHQL_URL is not set: run the suite with `npm run e2e`');
  return url;
};
let playerPath: string;
let category: string;

beforeAll(async () => {
  const { rankings } = await queryTestApi<{
    rankings: { edges: { node: { player: { id: string }; category: { code: string } } }[] };
  }>(`{ rankings(pool: "${POOL}", first: 1) { edges { node { player { id } category { code } } } } }`);
  playerPath = `/joueurs/${rankings.edges[0].node.player.id}`;
  category = rankings.edges[0].node.category.code;
  site = await startWebServer({ API_URL: apiUrl() }, 'next-start-caching.log');
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  if (site) await stopWebServer(site);
});

/** A page as served: status, HTML, and its caching headers. */
async function served(path: string, headers: Record<string, string> = {}) {
  // Redirects followed: an RSC request without Next's `_rsc` key is sent on to the address with it (307).
  const response = await fetch(`${baseUrl()}${path}`, { headers });
  return {
    status: response.status,
    html: await response.text(),
    cache: response.headers.get('x-nextjs-cache'),
    cacheControl: response.headers.get('cache-control') ?? '',
  };
}

describe('kept pages', () => {
  it.each([
    ['a ranking', () => `/classements/${POOL}`],
    ['a one-filter ranking', () => `/classements/${POOL}?category=${category}`],
    ['a profile', () => playerPath],
    ['a pool’s history of a player', () => `${playerPath}/${POOL}`],
    ['the home page', () => '/en'],
  ])('serves %s from the cache after its first visit', async (_name, path) => {
    await served(path());
    const second = await served(path());
    expect([second.status, second.cache]).toEqual([200, 'HIT']);
    expect(second.cacheControl).toMatch(/s-maxage=/);
  });

  it.each([
    ['two filters', () => `/classements/${POOL}?category=${category}&sex=F`],
    ['a value the pool does not have', () => `/classements/${POOL}?category=NOPE`],
    ['a search', () => '/joueurs?q=levesque'],
  ])('renders a query string with %s per request, never kept', async (_name, path) => {
    for (let visit = 0; visit < 2; visit++) {
      const answer = await served(path());
      expect([answer.status, answer.cache]).toEqual([200, null]);
      expect(answer.cacheControl).toMatch(/no-store/);
    }
  });

  it('answers an address that spells an internal route with a 404', async () => {
    for (const path of [`/classements/${POOL}/~query`, `/classements/${POOL}/~filter/category=${category}`]) {
      expect((await served(path)).status).toBe(404);
    }
  });

  it('tells browsers never to store an RSC answer of a kept page', async () => {
    for (const path of [`/classements/${POOL}`, playerPath]) {
      const answer = await served(path, { RSC: '1' });
      expect(answer.status).toBe(200);
      expect(answer.cacheControl).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    }
  });
});

describe('client navigation between kept pages', () => {
  it('goes back and forth between two kept pages by their links, and through the history, every time', async () => {
    const rscAnswers: Response[] = [];
    page.on('response', (response) => {
      if (response.request().headers()['rsc'] === '1') rscAnswers.push(response);
    });
    await page.goto(`${baseUrl()}/classements`, { waitUntil: 'networkidle' });
    const nav = page.locator('.main-nav');
    for (let round = 0; round < 4; round++) {
      await nav.locator('a[href="/listes"]').click();
      await page.waitForURL(`${baseUrl()}/listes`, { timeout: 5_000 });
      await page.locator('h1', { hasText: 'Listes' }).waitFor({ timeout: 5_000 });
      await nav.locator('a[href="/classements"]').click();
      await page.waitForURL(`${baseUrl()}/classements`, { timeout: 5_000 });
      await page.locator('h1', { hasText: 'Classements' }).waitFor({ timeout: 5_000 });
    }
    for (let round = 0; round < 2; round++) {
      await page.goBack();
      await page.waitForURL(`${baseUrl()}/listes`, { timeout: 5_000 });
      await page.goForward();
      await page.waitForURL(`${baseUrl()}/classements`, { timeout: 5_000 });
    }
    expect(rscAnswers.length).toBeGreaterThan(0);
    expect(
      rscAnswers.filter((response) => !/no-store/.test(response.headers()['cache-control'] ?? '')).map((r) => r.url()),
    ).toEqual([]);
  });
});

describe('a staff session', () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = `${SESSION_COOKIE}=${await apiToken(apiUrl(), OFFICER)}`;
  });

  it('does not change what an anonymous visitor is served', async () => {
    const paths = ['/', `/classements/${POOL}`, playerPath, `${playerPath}/${POOL}`, `/listes/${POOL}`];
    // The first visit renders (and may stream a loading skeleton first); what visitors get after it is compared.
    for (const path of paths) await served(path);
    const visit = async (headers: Record<string, string> = {}) => {
      const answers = [];
      for (const path of paths) answers.push(await served(path, headers));
      return answers;
    };
    const before = await visit();
    const asStaff = await visit({ cookie });
    const after = await visit();
    for (const [index, path] of paths.entries()) {
      expect([path, asStaff[index].status]).toEqual([path, 200]);
      // The staff member is served the kept page itself: nothing of the session was rendered into it.
      expect([path, asStaff[index].cache]).toEqual([path, 'HIT']);
      expect(asStaff[index].html).toBe(before[index].html);
      expect(after[index].html).toBe(before[index].html);
    }
  });

  it('keeps the console out of every cache', async () => {
    const answer = await served('/gestion', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.cache).toBeNull();
    expect(answer.cacheControl).toMatch(/no-store/);
  });
});
