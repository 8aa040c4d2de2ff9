import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { baseUrl, open, screenshot, seriousA11yViolations } from './support/site';

let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Every page of the shell in both languages (the calculator has its own suite). */
const PAGES = [
  { path: '/', lang: 'fr', heading: 'Les classements Elo de la fédération', shot: 'home-fr' },
  { path: '/classements', lang: 'fr', heading: 'Classements', shot: 'rankings-fr' },
  { path: '/tournois', lang: 'fr', heading: 'Tournois', shot: 'tournaments-fr' },
  { path: '/listes', lang: 'fr', heading: 'Listes de classement', shot: 'lists-fr' },
  { path: '/joueurs', lang: 'fr', heading: 'Joueurs', shot: 'players-index-fr' },
  { path: '/fonctionnement', lang: 'fr', heading: 'Comment fonctionne le classement', shot: 'how-ratings-work-fr' },
  { path: '/en', lang: 'en', heading: "The federation's Elo ratings", shot: 'home-en' },
  { path: '/en/rankings', lang: 'en', heading: 'Rankings', shot: 'rankings-en' },
  { path: '/en/tournaments', lang: 'en', heading: 'Tournaments', shot: 'tournaments-en' },
  { path: '/en/lists', lang: 'en', heading: 'Rating lists', shot: 'lists-en' },
  { path: '/en/players', lang: 'en', heading: 'Players', shot: 'players-index-en' },
  { path: '/en/how-ratings-work', lang: 'en', heading: 'How ratings work', shot: 'how-ratings-work-en' },
];

describe.each(PAGES)('$path', ({ path, lang, heading, shot }) => {
  it(`is the ${lang} page "${heading}", with no serious accessibility violation`, async () => {
    const response = await open(page, path);
    expect(response.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.locator('h1').textContent()).toBe(heading);
    expect(await page.title()).toMatch(lang === 'fr' ? /Classements Elo$/ : /Elo Ratings$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('main#main').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, shot);
  });
});

describe('header', () => {
  it('lists the sections in order and marks the current one', async () => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Accueil',
      'Classements',
      'Tournois',
      'Listes',
      'Calculateur',
      'Fonctionnement',
    ]);
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('Accueil');
    await nav.getByRole('link', { name: 'Classements' }).click();
    await page.waitForURL(`${baseUrl()}/classements`);
    expect(await page.locator('h1').textContent()).toBe('Classements');
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('Classements');
  });

  it('starts with a skip link that moves focus to the content', async () => {
    await open(page, '/fonctionnement');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Aller au contenu principal');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});

describe('language switch', () => {
  it('goes to the same page in English and back', async () => {
    await open(page, '/calculateur');
    await page.getByRole('navigation', { name: 'Langue du site' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${baseUrl()}/en/calculator`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Elo rating calculator');
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).locator('[aria-current="page"]').textContent(),
    ).toBe('Calculator');

    await page.getByRole('navigation', { name: 'Site language' }).getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(`${baseUrl()}/calculateur`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('h1').textContent()).toBe('Calculateur de classement Elo');
  });

  it('points every page at its translation', async () => {
    for (const [french, english] of [
      ['/', '/en'],
      ['/classements', '/en/rankings'],
      ['/fonctionnement', '/en/how-ratings-work'],
    ]) {
      await open(page, french);
      expect(await page.getByRole('link', { name: 'English' }).getAttribute('href')).toBe(english);
      await open(page, english);
      expect(await page.getByRole('link', { name: 'Français' }).getAttribute('href')).toBe(french);
    }
  });
});

describe('addresses', () => {
  it('redirects the spelled-out French prefix to the canonical address', async () => {
    const response = await open(page, '/fr/calculateur');
    expect(response.status()).toBe(200);
    expect(pathOf(page)).toBe('/calculateur');
  });

  it.each([
    ['/cette-page-nexiste-pas', 'fr', 'Page introuvable', 'not-found-fr'],
    ['/calculator', 'fr', 'Page introuvable', null],
    ['/en/no-such-page', 'en', 'Page not found', 'not-found-en'],
    ['/en/classements', 'en', 'Page not found', null],
    ['/joueurs/42/historique', 'fr', 'Page introuvable', null],
  ])('%s is a %s 404 page', async (path, lang, heading, shot) => {
    const response = await open(page, path);
    expect(response.status()).toBe(404);
    expect(pathOf(page)).toBe(path);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.locator('h1').textContent()).toBe(heading);
    expect(await page.title()).toContain(heading);
    if (shot) {
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, shot);
    }
  });

  it('offers the way home from a dead link, in the page language', async () => {
    await open(page, '/en/no-such-page');
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${baseUrl()}/en`);
    expect(await page.locator('h1').textContent()).toBe("The federation's Elo ratings");
  });
});

describe('POST /api/revalidate', () => {
  const post = (body: unknown, token?: string) =>
    fetch(`${baseUrl()}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('refuses a caller without the secret', async () => {
    const response = await post({ tags: ['rankings'] }, 'wrong');
    expect(response.status).toBe(401);
    expect((await post({ tags: ['rankings'] })).status).toBe(401);
  });

  it('refuses tags the site does not use', async () => {
    const response = await post({ tags: ['rankings', 'everything'] }, process.env.E2E_REVALIDATE_SECRET);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'unknown cache tags: "everything"' });
  });

  it('revalidates the tags the API names', async () => {
    const response = await post({ tags: ['rankings', 'player:42', 'lists'] }, process.env.E2E_REVALIDATE_SECRET);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revalidated: ['rankings', 'player:42', 'lists'] });
  });
});
