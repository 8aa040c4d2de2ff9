import type { Page } from 'playwright-core';
import { calculateGame } from '@ratings/rating-rules';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { baseUrl, open, queryTestApi, screenshot, seriousA11yViolations } from './support/site';
import { apiToken, ARBITER, graphql, OFFICER, signInThroughPage } from './support/staff';

/**
 * The what-if of a tournament on its public page, and the console's pool simulation, against the suite's
 * fixture API (read only: nothing here writes).
 */

let browser: BrowserSession;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<Page> {
  await browser.context.clearCookies();
  return browser.context.newPage();
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

interface FixtureTournament {
  id: string;
  pool: { code: string; ratingSystemId: string };
  standings: { player: { id: string; surname: string }; points: number; gamesPlayed: number }[];
}

async function fixtureTournament(): Promise<FixtureTournament> {
  const { tournaments } = await queryTestApi<{ tournaments: { edges: { node: { id: string } }[] } }>(
    '{ tournaments(first: 1) { edges { node { id } } } }',
  );
  const { tournament } = await queryTestApi<{ tournament: FixtureTournament }>(
    'query ($id: ID!) { tournament(id: $id) { id pool { code ratingSystemId } standings { points gamesPlayed player { id surname } } } }',
    { id: tournaments.edges[0].node.id },
  );
  return tournament;
}

/** The ratings of the pool's list of `period`: where the tournament's ratings start from. */
async function ratingsOfList(pool: string, period: string): Promise<Map<string, number>> {
  const { ratingLists } = await queryTestApi<{ ratingLists: { edges: { node: { id: string; period: string } }[] } }>(
    'query ($pool: String!) { ratingLists(pool: $pool, first: 60) { edges { node { id period } } } }',
    { pool },
  );
  const list = ratingLists.edges.find((edge) => edge.node.period === period)!.node;
  const { rankings } = await queryTestApi<{
    rankings: { edges: { node: { rating: number; player: { id: string } } }[] };
  }>(
    'query ($pool: String!, $list: ID!) { rankings(pool: $pool, list: $list, first: 100) { edges { node { rating player { id } } } } }',
    { pool, list: list.id },
  );
  return new Map(rankings.edges.map((edge) => [edge.node.player.id, edge.node.rating]));
}

describe('the what-if of a tournament', () => {
  it('rates the tournament under Elo with K = 20 as rating-rules does, beside the official change, in both languages', async () => {
    const tournament = await fixtureTournament();
    // The fixture's one game: the winner gained, the loser lost. The tournament ended in October, so the
    // November period rates it from the October list.
    const [winner, loser] = tournament.standings;
    expect(winner.points).toBe(1);
    expect(tournament.pool.ratingSystemId).not.toBe('ELO');
    const october = await ratingsOfList(tournament.pool.code, '2026-10');
    const game = calculateGame({
      rating: october.get(winner.player.id)!,
      opponent: october.get(loser.player.id)!,
      score: 1,
      k: 20,
    });
    const expectedAfter = october.get(winner.player.id)! + game.scenarios.win.changeRounded;
    const expectedLoserAfter = october.get(loser.player.id)! + game.scenarios.win.opponentChangeRounded;

    const page = await freshPage();
    for (const [lang, path, unofficial] of [
      ['en', `/en/tournaments/${tournament.id}`, 'what-if, unofficial'],
      ['fr', `/tournois/${tournament.id}`, 'simulation, non officielle'],
    ] as const) {
      await open(page, path);
      // The pool's own system is not offered.
      const offered = await page
        .locator('#what-if-system option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(offered).toContain('ELO');
      expect(offered).not.toContain(tournament.pool.ratingSystemId);
      await page.selectOption('#what-if-system', 'ELO');
      await page.fill('#what-if-k', '20');
      await Promise.all([page.waitForURL(/system=ELO/), page.click('[data-what-if] button[type=submit]')]);
      await page.waitForSelector('[data-what-if-result]');
      expect(new URL(page.url()).searchParams.get('p_k')).toBe('20');
      expect(await page.textContent('[data-what-if-result] h3')).toContain(unofficial);
      const cell = (player: string, column: string) =>
        page.textContent(`[data-table=what-if] tr[data-player-id="${player}"] [data-column=${column}]`);
      expect(Number(await cell(winner.player.id, 'what-if-before'))).toBe(october.get(winner.player.id));
      expect(Number(await cell(winner.player.id, 'what-if-after'))).toBe(expectedAfter);
      expect(Number(await cell(loser.player.id, 'what-if-after'))).toBe(expectedLoserAfter);
      // The official change stays beside it: the fixture's corrected November gain.
      expect(await cell(winner.player.id, 'official-change')).toMatch(/^\+\s?10$/);
      expect(await page.inputValue('#what-if-k')).toBe('20');
      await expectAccessible(page);
      await screenshot(page, `what-if-${lang}`);
    }
    await page.close();
  });

  it('says on the page, never with a 500, when the system is unknown or a parameter is refused', async () => {
    const { id } = await fixtureTournament();
    const page = await freshPage();
    const unknown = await open(page, `/en/tournaments/${id}?system=no-such-system#what-if`);
    expect(unknown.status()).toBe(200);
    expect(await page.textContent('[data-what-if-error]')).toContain('refused');
    expect(await page.locator('[data-what-if-result]').count()).toBe(0);

    const negative = await open(page, `/en/tournaments/${id}?system=ELO&p_k=-5`);
    expect(negative.status()).toBe(200);
    expect(await page.textContent('[data-what-if-error]')).toContain('refused');
    expect(await page.getAttribute('#what-if-k', 'aria-invalid')).toBe('true');

    const notANumber = await open(page, `/tournois/${id}?system=ELO&p_k=vingt`);
    expect(notANumber.status()).toBe(200);
    expect(await page.textContent('[data-what-if-error]')).toContain('«\u00a0vingt\u00a0»');
    await expectAccessible(page);
    await screenshot(page, 'what-if-refused-fr');
    await page.close();
  });

  it('is linked from the console’s page of the tournament', async () => {
    const { id } = await fixtureTournament();
    const page = await freshPage();
    await signInThroughPage(page, baseUrl(), OFFICER);
    await open(page, `/en/staff/tournaments/${id}`);
    expect(await page.getAttribute('[data-what-if-link]', 'href')).toBe(`/en/tournaments/${id}#what-if`);
    await page.close();
  });
});

describe('the pool simulation', () => {
  it('shows an officer the summary, the top movers and the players as the API computes them, in both languages', async () => {
    const token = await apiToken(process.env.E2E_API_GRAPHQL_URL!, OFFICER);
    const { simulatePool: expected } = await graphql<{
      simulatePool: {
        periods: number;
        games: number;
        playerCount: number;
        compared: number;
        meanAbsoluteDifference: number | null;
        topMovers: { player: { id: string }; difference: number | null }[];
      };
    }>(
      process.env.E2E_API_GRAPHQL_URL!,
      '{ simulatePool(pool: "standard", system: ELO, parameters: { k: 20 }, from: "2026-11", to: "2026-11") { periods games playerCount compared meanAbsoluteDifference topMovers { player { id } difference } } }',
      {},
      token,
    );
    // The fixture publishes one period in that range, November (its correction, revision 1, is the one compared).
    expect(expected.periods).toBe(1);

    const page = await freshPage();
    await signInThroughPage(page, baseUrl(), OFFICER);
    expect(await page.locator('.staff-nav__link').allTextContents()).toContain('Simulation');
    for (const [lang, path, decimal] of [
      ['en', '/en/staff/simulate', '.'],
      ['fr', '/gestion/simulation', ','],
    ] as const) {
      await open(page, path);
      await page.selectOption('#simulate-pool', 'standard');
      await page.selectOption('#simulate-system', 'ELO');
      await page.fill('#simulate-k', '20');
      await page.fill('#simulate-from', '2026-11');
      await page.fill('#simulate-to', '2026-11');
      await Promise.all([page.waitForURL(/system=ELO/), page.click('.filter-form button[type=submit]')]);
      await page.waitForSelector('[data-simulation-summary]');
      const summary = (key: string) => page.textContent(`[data-summary=${key}] dd`);
      expect(Number(await summary('periods'))).toBe(expected.periods);
      expect(Number(await summary('games'))).toBe(expected.games);
      expect(Number(await summary('players'))).toBe(expected.playerCount);
      expect(Number(await summary('compared'))).toBe(expected.compared);
      expect(await summary('meanAbsoluteDifference')).toBe(
        expected.meanAbsoluteDifference === null
          ? '—'
          : expected.meanAbsoluteDifference.toFixed(1).replace('.', decimal),
      );
      expect(await page.locator('[data-table=top-movers] tbody tr').count()).toBe(expected.topMovers.length);
      expect(await page.locator('[data-table=simulated-players] tbody tr').count()).toBe(expected.playerCount);
      await expectAccessible(page);
      await screenshot(page, `staff-simulate-${lang}`);
    }
    await page.close();
  });

  it('tells an arbiter he is not allowed, without the form, in both languages', async () => {
    const page = await freshPage();
    await signInThroughPage(page, baseUrl(), ARBITER);
    expect(await page.locator('.staff-nav__link').allTextContents()).not.toContain('Simulation');
    for (const address of ['/en/staff/simulate', '/gestion/simulation']) {
      await open(page, address);
      expect(await page.locator('[data-page=not-allowed]').count()).toBe(1);
      expect(await page.locator('#simulate-system').count()).toBe(0);
    }
    await page.close();
  });
});
