import type { Page } from 'playwright-core';
import { DISTRIBUTION_SAMPLE, HISTORY_SAMPLE } from '../src/app/[lang]/component-preview/[name]/fixtures';
import { closedApiUrl } from './support/api';
import { launchBrowser, PHONE_VIEWPORT, DESKTOP_VIEWPORT, type BrowserSession } from './support/chromium';
import { startWebServer, stopWebServer, type WebServer } from './support/server';
import { open, screenshot, seriousA11yViolations } from './support/site';

let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

const details = () => page.locator('.history-details');
const focusedPoint = () => page.evaluate(() => document.activeElement?.getAttribute('data-history-point'));

describe('rating history chart', () => {
  beforeAll(async () => {
    expect((await open(page, '/apercu/rating-history')).status()).toBe(200);
    await page.locator('[data-history-point]').first().waitFor();
  });

  it('draws one dot per published list, hollow while provisional', async () => {
    expect(await page.locator('[data-history-point]').count()).toBe(HISTORY_SAMPLE.length);
    expect(await page.locator('[data-history-point][data-provisional]').count()).toBe(
      HISTORY_SAMPLE.filter((point) => point.provisional).length,
    );
  });

  it('shows the latest list until another is chosen', async () => {
    expect(await details().textContent()).toContain('Décembre 2024');
    expect(await details().locator('[data-history-rating]').textContent()).toBe('1594');
  });

  it('shows a list, its rating and the tournaments behind the change on hover', async () => {
    await page.locator('[data-history-point="4"]').hover();
    expect(await details().textContent()).toContain('Mai 2024');
    expect(await details().locator('[data-history-rating]').textContent()).toBe('~1543');
    expect(await details().locator('li').allTextContents()).toEqual(['Championnat du Rhône +30', 'Open de Vienne +12']);
  });

  it('moves between lists with the keyboard, one tab stop for the series', async () => {
    await page.locator('[data-history-point="11"]').hover();
    expect(await page.locator('[data-history-point][tabindex="0"]').count()).toBe(1);
    await page.locator('[data-history-point="11"]').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await focusedPoint()).toBe('10');
    expect(await details().textContent()).toContain('Novembre 2024');
    await page.keyboard.press('Home');
    expect(await focusedPoint()).toBe('0');
    expect(await details().textContent()).toContain('Premier classement');
    await page.keyboard.press('End');
    expect(await focusedPoint()).toBe(String(HISTORY_SAMPLE.length - 1));
  });

  it('keeps every dot on a phone screen', async () => {
    await page.setViewportSize(PHONE_VIEWPORT);
    expect(await page.locator('[data-history-point]').count()).toBe(HISTORY_SAMPLE.length);
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  it('has no serious accessibility violation', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'rating-history-chart-fr');
  });
});

describe('rating distribution chart', () => {
  it('counts the players of each 100-point band, empty bands included', async () => {
    expect((await open(page, '/en/preview/rating-distribution')).status()).toBe(200);
    const rows = page.locator('[data-distribution-band]');
    expect(await rows.count()).toBe((2400 - 800) / 100 + 1);
    expect(await page.locator('[data-distribution-band="2300"] td').textContent()).toBe('0');
    expect(await page.locator('[data-distribution-band="1400"] td').textContent()).toBe(
      String(DISTRIBUTION_SAMPLE.find((band) => band.min === 1400)?.count),
    );
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'rating-distribution-chart-en');
  });
});

describe('rankings page on rows held in memory (the web benchmark’s twin)', () => {
  it('renders the rankings page’s tree with 100 rows, without the API', async () => {
    expect((await open(page, '/en/preview/ranking')).status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Standard rankings');
    const rows = page.locator('.ranking-table tbody tr');
    expect(await rows.count()).toBe(100);
    expect(await rows.first().locator('.badge--best').count()).toBe(1);
    expect(await page.locator('#filter-club option').count()).toBe(1 + 200);
    expect(await page.locator('.pagination__status').textContent()).toBe('Page 1 of 400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ranking-twin-en');
  });
});

describe('API outage', () => {
  // A second site whose API_URL points at a closed port: every API read fails the way an outage does.
  let outage: WebServer;

  beforeAll(async () => {
    outage = await startWebServer({ API_URL: await closedApiUrl() }, 'next-start-outage.log');
  });

  afterAll(async () => {
    if (outage) await stopWebServer(outage);
  });

  it.each([
    // A page never kept yet is rendered whole before it is sent (to be kept): an outage answers 500, a page with a
    // loading skeleton too, and the error page says noindex.
    ['/classements/standard', 500, 'Service des classements indisponible', 'Réessayer', 'api-outage-fr'],
    ['/en/players/1', 500, 'The ratings service is unavailable', 'Try again', 'api-outage-en'],
    ['/classements', 500, 'Service des classements indisponible', 'Réessayer', 'api-outage-streamed-fr'],
  ])(
    '%s (HTTP %d) says the ratings service is unavailable and offers to retry',
    async (path, status, heading, retry, shot) => {
      const response = await page.goto(`${outage.baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(status);
      const error = page.locator('[data-page="error"]');
      await error.waitFor();
      expect(await error.getAttribute('data-error-kind')).toBe('unavailable');
      expect(await page.locator('h1').textContent()).toBe(heading);
      expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBeGreaterThan(0);
      expect(await page.locator('body').textContent()).not.toMatch(/ApiUnavailableError|at postGraphQL/);
      // Retrying asks the server again. A page that is kept once it renders sends no Flight payload while it
      // fails, so the router's refresh falls back to loading the document: wait for that load.
      await Promise.all([
        page.waitForResponse((answer) => answer.request().isNavigationRequest()),
        page.getByRole('button', { name: retry }).click(),
      ]);
      await page.waitForLoadState('networkidle');
      await error.waitFor();
      expect(await page.locator('h1').textContent()).toBe(heading);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, shot);
    },
  );
});
