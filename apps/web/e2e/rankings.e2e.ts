import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { baseUrl, open, queryTestApi, screenshot, seriousA11yViolations } from './support/site';

/**
 * Rankings with their filters, a tournament, the lists and the rating systems, against the API the
 * suite started (support/api.ts). Expectations come from the API: the pool 'standard' is the one
 * every federation here has.
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
const RANKING_PAGE_SIZE = 100;
const rows = () => page.locator('.ranking-table tbody tr');

interface RankingAnswer {
  rankings: { totalCount: number; edges: { node: { rank: number; provisional: boolean; player: { id: string } } }[] };
}

const rankingOf = (filters: string) =>
  queryTestApi<RankingAnswer>(
    `{ rankings(pool: "${POOL}", first: ${RANKING_PAGE_SIZE}${filters}) { totalCount edges { node { rank provisional player { id } } } } }`,
  );
const playerIds = () => rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player-id')));

describe('rankings', () => {
  it('shows the list in force, its best player and provisional ratings explained', async () => {
    const { rankings } = await rankingOf('');
    expect((await open(page, `/classements/${POOL}`)).status()).toBe(200);
    expect(await page.title()).toBe('Classement Lente · Classements Elo');
    expect(await rows().count()).toBe(Math.min(RANKING_PAGE_SIZE, rankings.totalCount));
    expect(await playerIds()).toEqual(rankings.edges.map((edge) => edge.node.player.id));
    expect(await rows().first().locator('.badge--best').textContent()).toBe('Meilleur joueur');

    const provisional = page.locator('.ranking-table abbr.provisional-rating');
    expect(await provisional.count()).toBe(rankings.edges.filter((edge) => edge.node.provisional).length);
    if ((await provisional.count()) > 0) {
      const first = provisional.first();
      expect(await first.textContent()).toMatch(/^~\d+ \(Elo prévisionnel\)$/);
      expect(await first.getAttribute('title')).toContain('cote provisoire');
      // Reachable from the keyboard, and explained in a bubble while focused.
      await first.focus();
      expect(await page.evaluate(() => document.activeElement?.classList.contains('provisional-rating'))).toBe(true);
      const bubble = await first.evaluate((element) => getComputedStyle(element, '::after').content);
      expect(bubble).toContain('cote provisoire');
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ranking-fr');
  });

  it('filters by category with the form (a plain GET)', async () => {
    const { rankings } = await rankingOf(', category: "C"');
    await page.getByLabel('Catégorie', { exact: true }).selectOption('C');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.waitForURL(/category=C/);
    expect(new URL(page.url()).pathname).toBe(`/classements/${POOL}`);
    expect(await rows().count()).toBe(rankings.totalCount);
    expect(new Set(await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-category'))))).toEqual(
      new Set(rankings.totalCount > 0 ? ['C'] : []),
    );
    expect(await page.locator('[data-category-link="C"]').getAttribute('aria-current')).toBe('true');
    expect(await page.getByLabel('Catégorie', { exact: true }).inputValue()).toBe('C');
    await screenshot(page, 'ranking-category-fr');
  });

  it('filters by age group, after clearing the other filters', async () => {
    const { rankings } = await rankingOf(', ageGroup: U12');
    await page.getByRole('link', { name: 'Effacer les filtres' }).click();
    await page.waitForURL(`${baseUrl()}/classements/${POOL}`);
    await page.getByLabel("Catégorie d'âge").selectOption('U12');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.waitForURL(/age=U12/);
    expect(await playerIds()).toEqual(rankings.edges.map((edge) => edge.node.player.id));
    expect(await page.locator('.result-count').textContent()).toMatch(/correspond/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ranking-age-fr');
  });

  it('filters by club and federation from the pool’s pick lists', async () => {
    const { pool } = await queryTestApi<{ pool: { clubs: string[]; federations: string[] } }>(
      `{ pool(code: "${POOL}") { clubs federations } }`,
    );
    const club = pool.clubs[0];
    const federation = pool.federations[0];
    const { rankings } = await rankingOf(`, club: ${JSON.stringify(club)}, federation: "${federation}"`);
    await open(page, `/classements/${POOL}`);
    expect(await page.locator('#filter-club option').allTextContents()).toEqual(['Tous', ...pool.clubs]);
    expect(await page.locator('#filter-federation option').allTextContents()).toEqual(['Tous', ...pool.federations]);
    await page.getByLabel('Club', { exact: true }).selectOption(club);
    await page.getByLabel('Fédération', { exact: true }).selectOption(federation);
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.waitForURL(/club=/);
    expect(await playerIds()).toEqual(rankings.edges.map((edge) => edge.node.player.id));
    expect(await page.getByLabel('Club', { exact: true }).inputValue()).toBe(club);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ranking-club-fr');
  });

  it('jumps to a rank with the box, and goes back to the ranks before it and to the top', async () => {
    const { rankings: whole } = await rankingOf('');
    const target = whole.edges[Math.min(11, whole.edges.length - 1)].node.rank;
    const { rankings } = await rankingOf(`, fromRank: ${target}`);
    await open(page, `/classements/${POOL}`);
    await page.getByLabel('Aller au rang').fill(String(target));
    await page.getByRole('button', { name: 'Afficher' }).click();
    await page.waitForURL(new RegExp(`rank=${target}`));
    expect(await playerIds()).toEqual(rankings.edges.map((edge) => edge.node.player.id));
    expect(await page.locator('.pagination__status').textContent()).toBe(
      `Rangs ${target} à ${rankings.edges.at(-1)?.node.rank}`,
    );
    await page.getByRole('link', { name: /Page précédente/ }).click();
    await page.waitForURL(`${baseUrl()}/classements/${POOL}`);
    expect(await rows().first().locator('td[data-column="rank"]').textContent()).toBe('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('says where the ranking ends when the rank is past its last player', async () => {
    const { rankings } = await rankingOf('');
    await open(page, `/classements/${POOL}?rank=${rankings.totalCount + 1}`);
    expect(await page.locator('[data-ranking-empty]').textContent()).toContain(
      `Aucun joueur à partir du rang ${rankings.totalCount + 1}.`,
    );
    await page.getByRole('link', { name: 'Retour au début du classement' }).click();
    await page.waitForURL(`${baseUrl()}/classements/${POOL}`);
    // Another route than the jump's (the kept ranking): its loading skeleton shows until the rows arrive.
    await rows().first().waitFor();
    expect(await rows().count()).toBe(Math.min(RANKING_PAGE_SIZE, rankings.totalCount));
  });

  it('reads a past list, and keeps the filters in English', async () => {
    const { ratingLists } = await queryTestApi<{ ratingLists: { edges: { node: { id: string } }[] } }>(
      `{ ratingLists(pool: "${POOL}", first: 2) { edges { node { id } } } }`,
    );
    const past = ratingLists.edges.at(-1)?.node.id as string;
    await open(page, `/en/rankings/${POOL}?list=${past}&category=GM`);
    expect(await page.locator('h1').textContent()).toBe('Standard rankings');
    expect(await page.locator('[data-ranking-list]').getAttribute('data-ranking-list')).toBe(past);
    expect(await page.getByLabel('List', { exact: true }).inputValue()).toBe(past);
    const french = await page.getByRole('link', { name: 'Français' }).getAttribute('href');
    expect(french).toBe(`/classements/${POOL}?list=${past}&category=GM`);
  });
});

describe('tournament', () => {
  it('opens from the tournaments page, with standings, performances, rating changes and the crosstable', async () => {
    const { tournaments } = await queryTestApi<{ tournaments: { edges: { node: { id: string; name: string } }[] } }>(
      '{ tournaments(first: 1) { edges { node { id name } } } }',
    );
    const { id, name } = tournaments.edges[0].node;
    const { tournament } = await queryTestApi<{
      tournament: {
        standings: {
          performance: number | null;
          player: { id: string };
          ratingChange: { ratingBefore: number; ratingAfter: number } | null;
        }[];
        crosstable: {
          startRank: number;
          results: { round: number; opponentStartRank: number | null; points: number; played: boolean }[];
        }[];
      };
    }>(
      'query ($id: ID!) { tournament(id: $id) { standings { performance player { id } ratingChange { ratingBefore ratingAfter } } crosstable { startRank results { round opponentStartRank points played } } } }',
      { id },
    );

    await open(page, '/tournois');
    await screenshot(page, 'tournaments-fr');
    await page.getByRole('link', { name }).first().click();
    await page.waitForURL(`${baseUrl()}/tournois/${id}`);
    expect(await page.locator('h1').textContent()).toBe(name);

    const standings = page.locator('[data-standings] tbody tr');
    expect(await standings.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player-id')))).toEqual(
      tournament.standings.map((line) => line.player.id),
    );
    for (const [index, line] of tournament.standings.entries()) {
      expect(await standings.nth(index).locator('[data-column="performance"]').textContent()).toBe(
        line.performance === null ? '—' : String(line.performance),
      );
      const change = line.ratingChange ? line.ratingChange.ratingAfter - line.ratingChange.ratingBefore : null;
      expect(await standings.nth(index).locator('[data-column="change"]').textContent()).toBe(
        change === null ? '—' : change > 0 ? `+${change}` : String(change),
      );
    }

    // FIDE-style cells: the opponent's start rank, the colour letter, the points.
    const played = tournament.crosstable.flatMap((line) =>
      line.results.filter((cell) => cell.played).map((cell) => ({ ...cell, startRank: line.startRank })),
    )[0];
    if (played) {
      const cell = page.locator(
        `[data-crosstable] tr[data-start-rank="${played.startRank}"] td[data-round="${played.round}"]`,
      );
      expect(await cell.textContent()).toMatch(
        new RegExp(`^${played.opponentStartRank}[BN]${played.points === 0.5 ? '½' : played.points}$`),
      );
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tournament-fr');
  });
});

describe('lists', () => {
  interface ListAnswer {
    id: string;
    revision: number;
    revisions: {
      id: string;
      revision: number;
      diff: { player: { id: string }; oldRating: number | null; newRating: number | null }[];
    }[];
    distribution: { from: number }[];
    exports: { csv: string; json: string; txt: string; xml: string };
  }

  it('shows every published list of a pool, then one with its revisions, diff, distribution and downloads', async () => {
    const { ratingLists } = await queryTestApi<{
      ratingLists: { totalCount: number; edges: { node: { id: string } }[] };
    }>(`{ ratingLists(pool: "${POOL}", first: 24) { totalCount edges { node { id } } } }`);
    const { ratingList: latest } = await queryTestApi<{ ratingList: ListAnswer }>(
      'query ($id: ID!) { ratingList(id: $id) { id revision revisions { id revision diff { player { id } oldRating newRating } } distribution { from } exports { csv json txt xml } } }',
      { id: ratingLists.edges[0].node.id },
    );
    const apiOrigin = new URL(process.env.E2E_API_GRAPHQL_URL as string).origin;
    await open(page, '/listes');
    await page.getByRole('link', { name: 'Toutes les listes Lente' }).click();
    await page.waitForURL(`${baseUrl()}/listes/${POOL}`);
    // Client-side navigation shows the loading skeleton first.
    await page.locator('[data-pool-lists]').waitFor();
    expect(await page.locator('[data-pool-lists] tbody tr').count()).toBe(Math.min(24, ratingLists.totalCount));
    // The pool's history files, served by the API: one line per player and list, per player and tournament.
    const history = await page
      .locator('[data-history-downloads] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') as string));
    expect(history).toEqual([
      `${apiOrigin}/exports/pools/${POOL}/history-lists.csv`,
      `${apiOrigin}/exports/pools/${POOL}/history-tournaments.csv`,
    ]);
    for (const [href, columns] of [
      [history[0], ['player_id', 'period', 'rating', 'rank']],
      [history[1], ['player_id', 'tournament_id', 'rating_before', 'rating_after']],
    ] as const) {
      const file = await fetch(href);
      expect(file.status).toBe(200);
      expect((await file.text()).split('\n')[0].split(',')).toEqual(expect.arrayContaining([...columns]));
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pool-lists-fr');

    await page.locator(`[data-list-id="${latest.id}"] th a`).click();
    await page.waitForURL(`${baseUrl()}/listes/${POOL}/${latest.id}`);
    expect(await page.locator('[data-revisions] tbody tr').count()).toBe(latest.revisions.length);
    for (const revision of latest.revisions.filter((r) => r.revision > 0)) {
      const diff = page.locator(`[data-diff="${revision.revision}"]`);
      expect(
        await diff.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-player-id'))),
      ).toEqual(expect.arrayContaining(revision.diff.map((row) => row.player.id)));
    }

    // Downloads are absolute links to the API's public address (PUBLIC_API_URL, by default API_URL's origin), and the API serves them.
    const hrefs = await page
      .locator('[data-downloads] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') as string));
    expect(hrefs).toEqual(
      ['csv', 'json', 'txt', 'xml'].map((format) => `${apiOrigin}/exports/lists/${latest.id}.${format}`),
    );
    // The API's own answer names the same files, absolute.
    expect(Object.values(latest.exports)).toEqual(hrefs);
    const csv = await fetch(hrefs[0]);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, firstLine] = (await csv.text()).split('\n');
    expect(header.split(',')).toEqual(expect.arrayContaining(['rank', 'player_id', 'surname', 'rating']));
    expect(firstLine.split(',')[header.split(',').indexOf('rank')]).toBe('1');

    await page.locator('.recharts-bar-rectangle').first().waitFor();
    const bands = latest.distribution.map((bucket) => bucket.from);
    expect(await page.locator('[data-distribution-band]').count()).toBe(
      bands.length === 0 ? 0 : (Math.max(...bands) - Math.min(...bands)) / 100 + 1,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'list-fr');
  });
});

describe('how ratings work', () => {
  it('explains each pool’s system with its parameters as configured', async () => {
    const { pools } = await queryTestApi<{
      pools: { code: string; ratingSystem: { parameters: { key: string }[] } }[];
    }>('{ pools { code ratingSystem { parameters { key } } } }');
    await open(page, '/en/how-ratings-work');
    for (const pool of pools) {
      const section = page.locator(`[data-pool-system="${pool.code}"]`);
      expect(
        await section
          .locator('[data-parameter]')
          .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-parameter'))),
      ).toEqual(pool.ratingSystem.parameters.map((p) => p.key));
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'how-ratings-work-data-en');
  });
});

describe('dead links', () => {
  it.each([
    ['/joueurs/999999', 'fr', 'Page introuvable'],
    ['/en/players/999999', 'en', 'Page not found'],
    ['/tournois/999999', 'fr', 'Page introuvable'],
    [`/listes/${POOL}/999999`, 'fr', 'Page introuvable'],
    ['/classements/inconnu', 'fr', 'Page introuvable'],
    ['/en/lists/unknown', 'en', 'Page not found'],
  ])('%s is a real 404 page', async (path, lang, heading) => {
    const response = await open(page, path);
    expect(response.status()).toBe(404);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.locator('h1').textContent()).toBe(heading);
  });

  it('leads from a dead link of a page to the 404 and back to the rankings', async () => {
    await open(page, '/');
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/joueurs/999999';
      link.textContent = 'lien mort';
      link.id = 'dead-link';
      document.querySelector('main')?.append(link);
    });
    await page.locator('#dead-link').click();
    await page.waitForURL(`${baseUrl()}/joueurs/999999`);
    await page.locator('[data-page="not-found"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Page introuvable');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'player-not-found-fr');
    await page.getByRole('main').getByRole('link', { name: 'Voir les classements' }).click();
    await page.waitForURL(`${baseUrl()}/classements`);
    await page.locator('[data-pool]').first().waitFor();
  });
});
