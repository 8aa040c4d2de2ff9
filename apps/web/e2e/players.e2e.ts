import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { baseUrl, open, queryTestApi, screenshot, seriousA11yViolations } from './support/site';

/**
 * Home page, player search, profile and language switch, against the API the suite started
 * (support/api.ts). The search names a player of the small test federation: 'Lévesque, Émilie',
 * typed without accents.
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

const pathOf = () => new URL(page.url()).pathname;

/** PROFILE_TOURNAMENTS in apps/web/src/lib/player.queries.ts: the profile shows a pool's latest tournaments. */
const PROFILE_TOURNAMENTS = 5;

async function standardTournamentCount(id: string): Promise<number> {
  const { player } = await queryTestApi<{ player: { history: { tournaments: { id: string }[] } } }>(
    'query ($id: ID!) { player(id: $id) { history(pool: "standard") { tournaments { id } } } }',
    { id },
  );
  return player.history.tournaments.length;
}

interface PoolsAnswer {
  pools: { code: string; currentList: { stats: { listed: number } } | null }[];
}

describe('home page', () => {
  beforeAll(async () => {
    expect((await open(page, '/')).status()).toBe(200);
  });

  it('shows the top 10 of every pool’s list in force, first ranked as best player', async () => {
    const { pools } = await queryTestApi<PoolsAnswer>('{ pools { code currentList { stats { listed } } } }');
    for (const pool of pools) {
      const card = page.locator(`.pool-card[data-pool="${pool.code}"]`);
      const rows = card.locator('tbody tr');
      expect(await rows.count()).toBe(Math.min(10, pool.currentList?.stats.listed ?? 0));
      if (pool.currentList) expect(await rows.first().locator('.badge--best').textContent()).toBe('Meilleur joueur');
    }
  });

  it('shows each list’s biggest gains since the previous list, as the API ranks them', async () => {
    const { pools } = await queryTestApi<{
      pools: { code: string; currentList: { biggestGains: { change: number; player: { id: string } }[] } | null }[];
    }>('{ pools { code currentList { biggestGains(first: 5) { change player { id } } } } }');
    for (const pool of pools.filter((candidate) => candidate.currentList !== null)) {
      const gains = pool.currentList?.biggestGains ?? [];
      const rows = page.locator(`[data-gains="${pool.code}"] tbody tr`);
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player-id')))).toEqual(
        gains.map((gain) => gain.player.id),
      );
      expect(await rows.locator('td[data-column="change"]').allTextContents()).toEqual(
        gains.map((gain) => `+${gain.change}`),
      );
    }
    expect(await page.locator('#gains-heading + p').textContent()).toBe(
      'Depuis la liste précédente, parmi les joueurs classés sur les deux listes.',
    );
  });

  it('lists the recently rated tournaments', async () => {
    const { tournaments } = await queryTestApi<{ tournaments: { edges: { node: { name: string } }[] } }>(
      '{ tournaments(status: RATED, first: 5) { edges { node { name } } } }',
    );
    expect(await page.locator('[data-recent-tournaments] .item-list__title').allTextContents()).toEqual(
      tournaments.edges.map((edge) => edge.node.name),
    );
  });

  it('has no serious accessibility violation', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'home-data-fr');
  });
});

describe('player search and profile', () => {
  let playerId: string;

  it('finds a player by a name typed without accents', async () => {
    await open(page, '/');
    await page.getByLabel('Nom du joueur').fill('levesque');
    await page.getByLabel('Nom du joueur').press('Enter');
    await page.waitForURL(`${baseUrl()}/joueurs?q=levesque`);
    await page.locator('[data-players-table]').waitFor();
    expect(await page.locator('[data-players-table] tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.result-count').textContent()).toMatch(/trouvés? pour «\u00a0levesque\u00a0»/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'players-search-fr');
  });

  it('opens the profile from the results', async () => {
    await page.getByRole('link', { name: 'Lévesque, Émilie' }).click();
    await page.waitForURL(/\/joueurs\/\d+$/);
    playerId = pathOf().split('/').pop() as string;
    expect(await page.locator('h1').textContent()).toBe('Lévesque, Émilie');
    expect(await page.title()).toBe('Lévesque, Émilie · Classements Elo');
  });

  it('links to the player’s place in each ranking where he is listed', async () => {
    const { player } = await queryTestApi<{ player: { ratings: { rank: number | null; pool: { code: string } }[] } }>(
      'query ($id: ID!) { player(id: $id) { ratings { rank pool { code } } } }',
      { id: playerId },
    );
    const ranked = player.ratings.filter((rating) => rating.rank !== null);
    expect(
      await page.locator('[data-ranking-place]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(
      ranked.map(
        (rating) =>
          `/classements/${rating.pool.code}${rating.rank === 1 ? '' : `?rank=${rating.rank}`}#player-${playerId}`,
      ),
    );
  });

  it('draws one dot per published list, as many as the API’s history points', async () => {
    const { player } = await queryTestApi<{
      player: {
        history: {
          points: { rating: number | null; date: string }[];
          tournaments: { date: string; tournament: { name: string } }[];
        };
      };
    }>(
      'query ($id: ID!) { player(id: $id) { history(pool: "standard") { points { rating date } tournaments { date tournament { name } } } } }',
      { id: playerId },
    );
    const points = player.history.points.filter((point) => point.rating !== null);
    const section = page.locator('[data-history-pool="standard"]');
    await section.locator('[data-history-point]').first().waitFor();
    expect(await section.locator('[data-history-point]').count()).toBe(points.length);

    // Hovering a list's dot shows the tournaments whose change that list published.
    const last = points.length - 1;
    await section.locator(`[data-history-point="${last}"]`).hover();
    const behind = player.history.tournaments
      .filter((change) => change.date === points[last].date)
      .map((change) => change.tournament.name);
    const shown = await section.locator('.history-details__tournaments li a').allTextContents();
    expect(shown).toEqual(behind);
  });

  it('shows the latest rated tournaments without their games, and links to the pool’s whole history', async () => {
    const count = await standardTournamentCount(playerId);
    const table = page.locator('[data-history-pool="standard"] [data-tournament-changes]');
    expect(await table.locator('tbody[data-rating-change]').count()).toBe(Math.min(count, PROFILE_TOURNAMENTS));
    expect(await table.locator('th a').first().textContent()).toBe('Open de Québec');
    expect(await table.locator('details').count()).toBe(0);
    const link = page.locator('[data-history-pool="standard"] [data-pool-history-link]');
    expect(await link.getAttribute('href')).toBe(`/joueurs/${playerId}/standard`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'player-fr');
  });

  it('opens the pool’s history: every rated tournament, each game one click away, opponents linked', async () => {
    await page.locator('[data-history-pool="standard"] [data-pool-history-link]').click();
    await page.waitForURL(`${baseUrl()}/joueurs/${playerId}/standard`);
    expect(await page.locator('h1').textContent()).toBe('Tournois classés, Lente');
    const table = page.locator('[data-tournament-changes]');
    expect(await table.locator('tbody[data-rating-change]').count()).toBe(await standardTournamentCount(playerId));
    const first = table.locator('tbody').first();
    expect(await first.locator('th a').first().textContent()).toBe('Open de Québec');
    const breakdown = first.locator('details');
    expect(await breakdown.getAttribute('open')).toBeNull();
    await breakdown.locator('summary').click();
    const opponent = breakdown.getByRole('link', { name: 'Tremblay, Noah' });
    expect(await opponent.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'player-pool-history-fr');

    await page.locator('[data-profile-link]').click();
    await page.waitForURL(`${baseUrl()}/joueurs/${playerId}`);
    expect(await page.locator('h1').textContent()).toBe('Lévesque, Émilie');
  });

  it('answers 404 for a pool the player never played in, and for an unknown pool', async () => {
    const { pools } = await queryTestApi<{ pools: { code: string }[] }>('{ pools { code } }');
    const { player } = await queryTestApi<{ player: { histories: { pool: { code: string } }[] } }>(
      'query ($id: ID!) { player(id: $id) { histories { pool { code } } } }',
      { id: playerId },
    );
    const played = new Set(player.histories.map((history) => history.pool.code));
    for (const code of [...pools.map((pool) => pool.code).filter((code) => !played.has(code)), 'nowhere']) {
      expect((await fetch(`${baseUrl()}/joueurs/${playerId}/${code}`)).status).toBe(404);
    }
  });

  it('switches to English on the same profile', async () => {
    await page.getByRole('navigation', { name: 'Langue du site' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${baseUrl()}/en/players/${playerId}`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Lévesque, Émilie');
    expect(await page.getByRole('heading', { name: 'Current ratings' }).count()).toBe(1);
    expect(await page.locator('[data-history-pool="standard"] h3').first().textContent()).toBe(
      'Rated tournaments, Standard',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'player-en');
  });

  it('follows a link to an opponent’s profile, then to his place in the ranking', async () => {
    await page.locator('[data-history-pool="standard"] [data-pool-history-link]').click();
    await page.waitForURL(`${baseUrl()}/en/players/${playerId}/standard`);
    expect(await page.locator('h1').textContent()).toBe('Rated tournaments, Standard');
    await page.locator('[data-tournament-changes] details summary').first().click();
    const opponent = page.getByRole('link', { name: 'Tremblay, Noah' });
    const href = await opponent.getAttribute('href');
    expect(href).toMatch(/^\/en\/players\/\d+$/);
    await opponent.click();
    await page.waitForURL(`${baseUrl()}${href}`);
    expect(await page.locator('h1').textContent()).toBe('Tremblay, Noah');

    const opponentId = (href as string).split('/').pop() as string;
    await page.locator('[data-rating-pool="standard"] [data-ranking-place]').click();
    await page.waitForURL(new RegExp(`/en/rankings/standard(\\?rank=\\d+)?#player-${opponentId}$`));
    // His row is the anchor the link names (highlighted by :target), and the page starts at his rank.
    const row = page.locator('.ranking-table tr:target');
    expect(await row.getAttribute('data-player-id')).toBe(opponentId);
    const rank = page.locator('.ranking-table tbody tr td[data-column="rank"]');
    expect(await rank.first().textContent()).toBe(await row.locator('td[data-column="rank"]').textContent());
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ranking-place-en');
  });
});

describe('player directory', () => {
  it('pages through every player with cursor links, forward and back', async () => {
    const { players } = await queryTestApi<{ players: { totalCount: number } }>('{ players(first: 1) { totalCount } }');
    const PAGE_SIZE = 20;
    await open(page, '/joueurs');
    const rows = page.locator('[data-players-table] tbody tr');
    expect(await rows.count()).toBe(Math.min(PAGE_SIZE, players.totalCount));
    const firstName = await rows.first().locator('th a').textContent();
    if (players.totalCount <= PAGE_SIZE) return;
    const pages = Math.ceil(players.totalCount / PAGE_SIZE);
    expect(await page.locator('.pagination__status').textContent()).toBe(`Page 1 sur ${pages}`);
    await page.getByRole('link', { name: /Page suivante/ }).click();
    await page.waitForURL(/after=/);
    await page.locator('.pagination__status', { hasText: `Page 2 sur ${pages}` }).waitFor();
    expect(await rows.count()).toBe(Math.min(PAGE_SIZE, players.totalCount - PAGE_SIZE));
    expect(await rows.first().locator('th a').textContent()).not.toBe(firstName);
    await page.getByRole('link', { name: /Page précédente/ }).click();
    await page.waitForURL(`${baseUrl()}/joueurs`);
    await page.locator('.pagination__status', { hasText: `Page 1 sur ${pages}` }).waitFor();
    expect(await rows.first().locator('th a').textContent()).toBe(firstName);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'players-fr');
  });
});
