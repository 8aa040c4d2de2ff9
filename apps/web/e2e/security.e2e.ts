import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { open, queryTestApi } from './support/site';

/**
 * The site's security headers, and its pages under its own Content-Security-Policy: every main page is loaded
 * (and the calculator used, which runs client code) while the browser reports any violation.
 */
let browser: BrowserSession;
let page: Page;
/** What the browser refused on the page, from `securitypolicyviolation` events and "Refused to …" messages. */
let refusals: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  // Runs before the page's own scripts, so that a violation during hydration is caught too.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []);
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI || event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Refused to')) refusals.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
});

async function violations(): Promise<string[]> {
  const reported = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
  return [...reported, ...refusals];
}

beforeEach(() => {
  refusals = [];
});

describe('security headers and the Content-Security-Policy', () => {
  let playerPath: string;
  beforeAll(async () => {
    const { players } = await queryTestApi<{ players: { edges: { node: { id: string } }[] } }>(
      '{ players(search: "levesque", first: 1) { edges { node { id } } } }',
    );
    playerPath = `/joueurs/${players.edges[0].node.id}`;
  });

  it.each([
    ['home', () => '/'],
    ['rankings', () => '/classements/standard'],
    ['a player', () => playerPath],
    ['the English calculator', () => '/en/calculator'],
    ['a page that does not exist', () => '/nulle-part'],
  ])('sends the headers on %s, and the page runs without a violation', async (_name, pathOf) => {
    const response = await open(page, pathOf());
    const headers = await response.allHeaders();
    expect({
      nosniff: headers['x-content-type-options'],
      referrer: headers['referrer-policy'],
      frame: headers['x-frame-options'],
    }).toEqual({ nosniff: 'nosniff', referrer: 'strict-origin-when-cross-origin', frame: 'DENY' });
    const policy = headers['content-security-policy'].split('; ');
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(await page.locator('h1').count()).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  it('runs the calculator’s client code under the policy: it recomputes as the user types', async () => {
    await open(page, '/calculateur');
    await page.getByLabel('Votre classement', { exact: true }).fill('1600');
    await page.getByLabel("Classement de l'adversaire", { exact: true }).fill('1200');
    await page.getByRole('radio', { name: '32', exact: true }).check();
    expect(await page.locator('[data-result="new-rating"]').textContent()).toBe('1603');
    await page.locator('.expectancy-pairing').waitFor();
    expect(await violations()).toEqual([]);
  });

  it('blocks a script from another origin, and this suite sees it', async () => {
    await open(page, '/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://scripts.example.invalid/inject.js';
      document.head.append(script);
    });
    await page.waitForFunction(
      () => ((window as unknown as { cspViolations?: string[] }).cspViolations ?? []).length > 0,
    );
    expect(await violations()).toEqual(
      expect.arrayContaining(['script-src-elem refused https://scripts.example.invalid/inject.js']),
    );
  });
});
