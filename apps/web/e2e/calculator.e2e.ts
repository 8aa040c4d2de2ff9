import { calculateGame, formatRating, type CalculateGameInput } from '@ratings/rating-rules';
import type { Page } from 'playwright-core';
import { formatExpectedScore, formatSigned } from '../src/i18n/format';
import type { Locale } from '../src/i18n/locales';
import { launchBrowser, type BrowserSession } from './support/chromium';
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

const RESULT_ROWS = ['win', 'draw', 'loss'] as const;

/** What the page must show for this game: the library's numbers in the page's formatting. */
async function expectResultsOf(input: CalculateGameInput, locale: Locale) {
  const game = calculateGame(input);
  const text = (selector: string) => page.locator(selector).textContent();
  expect(await text('[data-result="new-rating"]')).toBe(formatRating(game.newRating, false));
  expect(await text('[data-result="change"]')).toBe(formatSigned(game.changeRounded, locale));
  expect(await text('[data-result="exact-change"]')).toContain(formatSigned(game.change, locale, 2));
  expect(await text('[data-result="expected"]')).toBe(formatExpectedScore(game.expected, locale));
  expect(await text('[data-result="opponent-new-rating"]')).toBe(formatRating(game.opponentNewRating, false));
  for (const result of RESULT_ROWS) {
    const row = page.locator(`tr[data-scenario="${result}"]`);
    expect(await row.locator('[data-scenario-value="change"]').textContent()).toBe(
      formatSigned(game.scenarios[result].changeRounded, locale),
    );
    expect(await row.locator('[data-scenario-value="new-rating"]').textContent()).toBe(
      formatRating(game.scenarios[result].newRating, false),
    );
  }
  expect(await page.locator('.expectancy-pairing').count()).toBe(1);
  expect(await text('[data-result="pairing"]')).toContain(formatExpectedScore(game.expected, locale));
}

describe('calculator (French)', () => {
  beforeAll(async () => {
    const response = await open(page, '/calculateur');
    expect(response.status()).toBe(200);
  });

  it('is the French calculator page', async () => {
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.title()).toBe('Calculateur de classement Elo · Classements Elo');
    expect(await page.locator('h1').textContent()).toBe('Calculateur de classement Elo');
  });

  it('shows the default game: 1500 beats 1500 with K = 20', async () => {
    await expectResultsOf({ rating: 1500, opponent: 1500, score: 1, k: 20 }, 'fr');
  });

  it('recomputes as the ratings and K change (the Elo calculator page: 1600 beats 1200, K = 32 → 1603)', async () => {
    await page.getByLabel('Votre classement', { exact: true }).fill('1600');
    await page.getByLabel("Classement de l'adversaire", { exact: true }).fill('1200');
    await page.getByRole('radio', { name: '32', exact: true }).check();
    await expectResultsOf({ rating: 1600, opponent: 1200, score: 1, k: 32 }, 'fr');
    expect(await page.locator('[data-result="new-rating"]').textContent()).toBe('1603');
  });

  it('follows the chosen result', async () => {
    await page.getByRole('radio', { name: 'Défaite' }).check();
    await expectResultsOf({ rating: 1600, opponent: 1200, score: 0, k: 32 }, 'fr');
    expect(await page.locator('tr.is-chosen').getAttribute('data-scenario')).toBe('loss');
  });

  it('uses the FIDE table and the 400-point rule when asked', async () => {
    await page.getByLabel('Votre classement', { exact: true }).fill('2400');
    await page.getByLabel("Classement de l'adversaire", { exact: true }).fill('1800');
    await page.getByRole('radio', { name: 'Nulle' }).check();
    await page.getByRole('radio', { name: '10', exact: true }).check();
    await page.getByRole('radio', { name: /Table FIDE/ }).check();
    await page.getByRole('checkbox', { name: /400 points/ }).check();
    await expectResultsOf({ rating: 2400, opponent: 1800, score: 0.5, k: 10, model: 'fide-table', cap400: true }, 'fr');
  });

  it('takes a custom K, typed the French way', async () => {
    await page.getByRole('radio', { name: 'Personnalisé' }).check();
    await page.getByLabel('Valeur de K personnalisée').fill('12,5');
    await expectResultsOf(
      { rating: 2400, opponent: 1800, score: 0.5, k: 12.5, model: 'fide-table', cap400: true },
      'fr',
    );
  });

  it('says what is wrong with a negative rating, and never shows NaN', async () => {
    const rating = page.getByLabel('Votre classement', { exact: true });
    await rating.fill('-100');
    expect(await page.locator('[data-field-error="rating"]').textContent()).toBe(
      'Un classement ne peut pas être négatif.',
    );
    expect(await rating.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-result="new-rating"]').count()).toBe(0);
    expect(await page.locator('.calculator__results').textContent()).toContain(
      'Corrigez les champs signalés pour voir le résultat.',
    );
    expect(await page.locator('body').textContent()).not.toContain('NaN');
    await rating.fill('abc');
    expect(await page.locator('[data-field-error="rating"]').textContent()).toBe(
      'Saisissez un nombre, par exemple 1500.',
    );
    await page.getByLabel('Valeur de K personnalisée').fill('0');
    expect(await page.locator('[data-field-error="customK"]').textContent()).toBe(
      'Le facteur K doit être un nombre supérieur à 0.',
    );
    expect(await page.locator('body').textContent()).not.toContain('NaN');
    await screenshot(page, 'calculator-fr-invalid');
  });

  it('recovers once the input is valid again', async () => {
    await page.getByLabel('Votre classement', { exact: true }).fill('1 850');
    await page.getByLabel('Valeur de K personnalisée').fill('40');
    expect(await page.locator('[data-field-error]').count()).toBe(0);
    await expectResultsOf({ rating: 1850, opponent: 1800, score: 0.5, k: 40, model: 'fide-table', cap400: true }, 'fr');
  });

  it('has no serious accessibility violation', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calculator-fr');
  });
});

describe('calculator (English)', () => {
  beforeAll(async () => {
    const response = await open(page, '/en/calculator');
    expect(response.status()).toBe(200);
  });

  it('speaks English and computes the same', async () => {
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Elo rating calculator');
    await page.getByLabel('Your rating', { exact: true }).fill('1200');
    await page.getByLabel("Opponent's rating", { exact: true }).fill('1600');
    await page.getByRole('radio', { name: '32', exact: true }).check();
    await expectResultsOf({ rating: 1200, opponent: 1600, score: 1, k: 32 }, 'en');
    expect(await page.locator('[data-result="new-rating"]').textContent()).toBe('1229');
  });

  it('has no serious accessibility violation', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'calculator-en');
  });
});
