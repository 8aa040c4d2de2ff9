import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { OUTPUT_DIR, startWebServer, stopWebServer, WEB_ROOT, type WebServer } from './support/server';
import { baseUrl, open, queryTestApi, screenshot, seriousA11yViolations } from './support/site';

/**
 * What a federation's public site is expected to have: robots.txt and the sitemaps, a social card per player and
 * per list, the dark theme, the print sheet, and the federation's own name, logo and colours (a second site).
 */
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

const POOL = 'standard';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The dark theme's background (globals.css), as computed styles write it. */
const DARK_BACKGROUND = 'rgb(18, 20, 23)';

interface TopPlayers {
  rankings: { totalCount: number; edges: { node: { player: { id: string; surname: string } } }[] };
}

const topPlayers = () =>
  queryTestApi<TopPlayers>(
    `{ rankings(pool: "${POOL}", first: 3) { totalCount edges { node { player { id surname } } } } }`,
  );

/** Beside the screenshots, to look at. */
function saveImage(name: string, bytes: Uint8Array): void {
  const directory = path.join(OUTPUT_DIR, 'screenshots');
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, name), bytes);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

async function fetchText(pathname: string): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(`${baseUrl()}${pathname}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('robots.txt and the sitemaps', () => {
  it('robots.txt keeps crawlers out of the staff console and names the sitemap index', async () => {
    const robots = await fetchText('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    const lines = robots.body.split('\n');
    for (const line of ['Allow: /', 'Disallow: /gestion', 'Disallow: /en/staff', `Sitemap: ${baseUrl()}/sitemap.xml`])
      expect(lines).toContain(line);
  });

  it('the index lists the pages, a part per slice of each pool’s players and a part per year of tournaments', async () => {
    const index = await fetchText('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/xml/);
    expect(index.body).toContain('<sitemapindex');
    const parts = locs(index.body);
    expect(parts[0]).toBe(`${baseUrl()}/sitemaps/sitemap/pages.xml`);
    expect(parts).toContain(`${baseUrl()}/sitemaps/sitemap/players-${POOL}-0.xml`);
    expect(parts).toContain(`${baseUrl()}/sitemaps/sitemap/tournaments-${new Date().getUTCFullYear()}.xml`);
    for (const part of parts) {
      const response = await fetch(part);
      expect([part, response.status]).toEqual([part, 200]);
    }
  });

  it('the pages part has each public page in both languages, each naming the other, and no staff page', async () => {
    const { body } = await fetchText('/sitemaps/sitemap/pages.xml');
    const urls = locs(body);
    for (const pathname of ['/', '/en', '/classements', `/en/rankings/${POOL}`, `/listes/${POOL}`, '/en/calculator'])
      expect(urls).toContain(`${baseUrl()}${pathname}`);
    expect(body).toContain(`hreflang="en" href="${baseUrl()}/en/rankings/${POOL}"`);
    expect(urls.filter((url) => /gestion|staff|apercu|preview/.test(url))).toEqual([]);
    // Every page the sitemap names is one the site serves (the proxy rewrites each address).
    for (const url of urls.filter((_, position) => position % 7 === 0)) {
      const response = await fetch(url);
      expect([url, response.status]).toEqual([url, 200]);
    }
  });

  it('a players part lists every ranked player of its slice, in French and in English', async () => {
    const { rankings } = await topPlayers();
    const { body } = await fetchText(`/sitemaps/sitemap/players-${POOL}-0.xml`);
    const urls = locs(body);
    expect(urls).toHaveLength(2 * Math.min(rankings.totalCount, 5000));
    const best = rankings.edges[0].node.player.id;
    expect(urls).toContain(`${baseUrl()}/joueurs/${best}`);
    expect(urls).toContain(`${baseUrl()}/en/players/${best}`);
  });

  it('an unknown part is a 404', async () => {
    expect((await fetchText('/sitemaps/sitemap/players-nowhere-99.xml')).status).toBe(404);
  });
});

describe('social cards', () => {
  it('a profile names its card in og:image, a PNG of the player, in each language', async () => {
    const { rankings } = await topPlayers();
    const { id, surname } = rankings.edges[0].node.player;
    for (const [pathname, lang] of [
      [`/joueurs/${id}`, 'fr'],
      [`/en/players/${id}`, 'en'],
    ]) {
      await open(page, pathname);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(surname);
      expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toContain(surname);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toBe(`${baseUrl()}/og/${lang}/players/${id}`);
      const response = await fetch(image!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = new Uint8Array(await response.arrayBuffer());
      expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
      saveImage(`og-player-${lang}.png`, png);
    }
  });

  it('a list page names its card, a PNG; an unknown list has none', async () => {
    const { ratingLists } = await queryTestApi<{ ratingLists: { edges: { node: { id: string } }[] } }>(
      `{ ratingLists(pool: "${POOL}", first: 1) { edges { node { id } } } }`,
    );
    const id = ratingLists.edges[0].node.id;
    await open(page, `/en/lists/${POOL}/${id}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toBe(`${baseUrl()}/og/en/lists/${id}`);
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    const response = await fetch(image!);
    expect(response.headers.get('content-type')).toBe('image/png');
    saveImage('og-list-en.png', new Uint8Array(await response.arrayBuffer()));
    expect((await fetch(`${baseUrl()}/og/en/lists/999999`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/og/de/lists/${id}`)).status).toBe(404);
  });
});

describe('dark theme', () => {
  afterAll(async () => {
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it.each([
    ['/', 'home-dark'],
    [`/classements/${POOL}`, 'ranking-dark'],
    ['/en/lists', 'lists-dark'],
  ])('%s follows prefers-color-scheme: dark, every contrast kept', async (pathname, shot) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, pathname);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BACKGROUND);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, shot);
  });

  it('draws the charts in the dark palette, readable', async () => {
    const { rankings } = await topPlayers();
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, `/en/players/${rankings.edges[0].node.player.id}`);
    const dot = page.locator('[data-history-point]').first();
    // --chart-series on the dark theme: the light blue of its links.
    expect(await dot.evaluate((element) => getComputedStyle(element).stroke)).toBe('rgb(140, 196, 255)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'profile-dark');
  });

  it('keeps the light palette otherwise', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  });
});

describe('print', () => {
  afterAll(async () => {
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
  });

  it.each([
    [`/classements/${POOL}`, '.ranking-table tbody tr', 'ranking-print'],
    [`/en/lists/${POOL}`, '[data-pool-lists] tbody tr', 'lists-print'],
  ])('%s prints the table whole, black on white, without navigation', async (pathname, rowSelector, shot) => {
    // Printed from the dark theme too: paper stays white.
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await open(page, pathname);
    const style = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    expect(await style('.site-header', 'display')).toBe('none');
    expect(await style('.site-footer', 'display')).toBe('none');
    expect(await style('body', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await style('body', 'color')).toBe('rgb(0, 0, 0)');
    expect(await style(`${rowSelector} a`, 'color')).toBe('rgb(0, 0, 0)');
    const rows = page.locator(rowSelector);
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.last().isVisible()).toBe(true);
    await screenshot(page, shot);
  });
});

describe('the federation’s own name, logo and colours', () => {
  let site: WebServer;
  const brand = '#1b5e20';

  beforeAll(async () => {
    site = await startWebServer(
      {
        API_URL: process.env.E2E_API_GRAPHQL_URL!,
        SITE_NAME_FR: 'Fédération québécoise des échecs',
        SITE_NAME_EN: 'Quebec Chess Federation',
        SITE_SHORT_NAME_FR: 'FQE',
        SITE_SHORT_NAME_EN: 'QCF',
        SITE_BRAND_COLOR: brand,
        SITE_LOGO: path.join(WEB_ROOT, 'src/app/icon.svg'),
      },
      'next-start-branded.log',
    );
  });

  afterAll(async () => {
    if (site) await stopWebServer(site);
  });

  it('shows them in the header, the titles and the theme colour, in both languages', async () => {
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    expect(await page.locator('.site-brand__name').textContent()).toBe('Fédération québécoise des échecs');
    expect(await page.title()).toBe('Fédération québécoise des échecs');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(brand);
    expect(await page.locator('.site-header').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(27, 94, 32)',
    );
    const logo = page.locator('.site-brand__logo');
    expect(await logo.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'home-branded');

    await page.goto(`${site.baseUrl}/en/rankings/${POOL}`, { waitUntil: 'networkidle' });
    expect(await page.locator('.site-brand__name').textContent()).toBe('Quebec Chess Federation');
    expect(await page.title()).toBe('Standard rankings · QCF');
  });

  it('serves the logo from the site’s own origin', async () => {
    const response = await fetch(`${site.baseUrl}/brand/logo`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    // The default site has no logo.
    expect((await fetch(`${baseUrl()}/brand/logo`)).status).toBe(404);
  });
});
