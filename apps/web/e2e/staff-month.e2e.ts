import type { Page } from 'playwright-core';
import { startFixtureApi, type ApiHandle } from './support/api';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { freePort, startWebServer, stopWebServer, type WebServer } from './support/server';
import { screenshot, seriousA11yViolations } from './support/site';
import { apiToken, ARBITER, graphql, OFFICER, signInThroughPage } from './support/staff';

/**
 * A club's small round robin entered by hand in the console (no TRF), rated and published, then a result found
 * wrong, corrected and the list published again. The suite writes, so it has its own fixture API and its own
 * `next start`, the API told to refresh that site's pages when it publishes.
 */

let api: ApiHandle;
let site: WebServer;
let browser: BrowserSession;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  const secret = 'staff-month-suite-revalidate-secret';
  api = await startFixtureApi(
    { WEB_REVALIDATE_URL: `http://localhost:${port}/api/revalidate`, REVALIDATE_SECRET: secret },
    'api-staff-month.log',
  );
  site = await startWebServer({ API_URL: api.url, REVALIDATE_SECRET: secret }, 'next-start-staff-month.log', port);
  base = site.baseUrl;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (site) await stopWebServer(site);
  await api?.stop();
});

async function freshPage(): Promise<Page> {
  await browser.context.clearCookies();
  return browser.context.newPage();
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The four players in start-rank order: three from the register (searched without accents), one created. */
const PLAYERS = ['Lévesque, Émilie', 'Tremblay, Noah', 'Joueur05, Test', 'Bélanger, Zoé'];
/** A round robin of four (FIDE's Berger table): each round's pairings by start rank, white first, and results. */
const ROUNDS: [number, number, string][][] = [
  [
    [1, 4, 'WHITE_WINS'],
    [2, 3, 'DRAW'],
  ],
  [
    [4, 3, 'BLACK_WINS'],
    [1, 2, 'BLACK_WINS'],
  ],
  [
    [2, 4, 'WHITE_WINS'],
    [3, 1, 'DRAW'],
  ],
];
const optionOf = (rank: number) => ({ label: `${rank}. ${PLAYERS[rank - 1]}` });

/** Shared by the tests below, in order: the tournament entered and the list that rated it. */
let tournamentId: string;
let listId: string;

async function participantCount(page: Page): Promise<number> {
  return page.locator('[data-table=entry-participants] tbody tr').count();
}

/** Finds a register player by a search typed without accents and enters him; waits for his line. */
async function addFromRegister(page: Page, search: string, name: string) {
  const before = await participantCount(page);
  await page.fill('#entry-search', search);
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('q') === search),
    page.press('#entry-search', 'Enter'),
  ]);
  await page.waitForLoadState('networkidle');
  await page.locator('[data-search-results] li', { hasText: name }).locator('button[type=submit]').click();
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-table=entry-participants] tbody tr').length === count,
    before + 1,
  );
}

async function fillLine(page: Page, line: number, [white, black, result]: [number, number, string]) {
  await page.selectOption(`#grid-${line}-white`, optionOf(white));
  await page.selectOption(`#grid-${line}-black`, optionOf(black));
  await page.selectOption(`#grid-${line}-result`, result);
}

describe('a tournament entered by hand', () => {
  it('is created, gets its players (found without accents, or created) and its results round by round; a player paired twice is refused beside his field', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    await page.goto(`${base}/en/staff/tournaments`, { waitUntil: 'networkidle' });
    await page.click('[data-new-tournament]');
    await page.waitForURL((url) => url.pathname === '/en/staff/new-tournament');
    await page.selectOption('#new-tournament-pool', 'standard');
    await page.fill('#new-tournament-name', 'Club du jeudi, novembre 2026');
    await page.fill('#new-tournament-city', 'Sherbrooke');
    await page.fill('#new-tournament-startDate', '2026-11-19');
    // Ends before it starts: the API's refusal is shown beside the last day, and the form keeps what was typed.
    await page.fill('#new-tournament-endDate', '2026-11-05');
    await page.fill('#new-tournament-rounds', '3');
    await page.selectOption('#new-tournament-type', 'ROUND_ROBIN');
    await page.fill('#new-tournament-timeControl', '60+30');
    await page.fill('#new-tournament-chiefArbiter', 'Gagnon, Luc');
    await page.click('.staff-form button[type=submit]');
    await page.waitForSelector('[data-field-error=new-tournament-endDate]');
    expect(await page.textContent('[data-field-error=new-tournament-endDate]')).toContain('cannot end (2026-11-05)');
    expect(await page.getAttribute('#new-tournament-endDate', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('#new-tournament-name')).toBe('Club du jeudi, novembre 2026');
    await expectAccessible(page);
    await screenshot(page, 'staff-new-tournament-refused-en');

    await page.fill('#new-tournament-startDate', '2026-11-05');
    await page.fill('#new-tournament-endDate', '2026-11-19');
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/en/staff/results-entry/')),
      page.click('.staff-form button[type=submit]'),
    ]);
    tournamentId = pathOf(page).split('/').pop()!;
    await page.waitForLoadState('networkidle');

    // The API's search ignores accents and case: "levesque" finds Lévesque.
    await addFromRegister(page, 'levesque', PLAYERS[0]);
    await addFromRegister(page, 'TREMBLAY noah', PLAYERS[1]);
    await addFromRegister(page, 'joueur05', PLAYERS[2]);
    await page.fill('#new-player-surname', 'Bélanger');
    await page.fill('#new-player-givenName', 'Zoé');
    await page.selectOption('#new-player-sex', 'F');
    await page.fill('#new-player-birthYear', '2011');
    await page.fill('#new-player-federation', 'CAN');
    await page.click('.entry-new-player button[type=submit]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-table=entry-participants] tbody tr').length === 4,
    );
    expect(await page.locator('[data-table=entry-participants] tbody th').allTextContents()).toEqual(PLAYERS);

    // Round 1 with Lévesque on two boards: refused, beside the second; the grid keeps every choice.
    await page.waitForSelector('[data-round-grid="1"]');
    await fillLine(page, 0, ROUNDS[0][0]);
    await fillLine(page, 1, [2, 1, 'DRAW']);
    await page.click('[data-round-grid="1"] button[type=submit]');
    await page.waitForSelector('[data-field-error=grid-1-black]');
    expect(await page.textContent('[data-field-error=grid-1-black]')).toMatch(
      /already plays in round 1 \(games\[0\]\)/,
    );
    expect(await page.getAttribute('#grid-1-black', 'aria-invalid')).toBe('true');
    expect(await page.locator('[data-field-error]').count()).toBe(1);
    expect(await page.$eval('#grid-0-white', (select: HTMLSelectElement) => select.selectedOptions[0].text)).toBe(
      optionOf(1).label,
    );
    await expectAccessible(page);
    await screenshot(page, 'staff-results-entry-refused-en');

    for (const [index, pairings] of ROUNDS.entries()) {
      const round = index + 1;
      await page.waitForSelector(`[data-round-grid="${round}"]`);
      for (const [line, pairing] of pairings.entries()) await fillLine(page, line, pairing);
      await page.click(`[data-round-grid="${round}"] button[type=submit]`);
      await page.waitForSelector(`[data-recorded-round="${round}"]`);
    }
    // Every round recorded: the API holds the pairings as entered (by start rank, board = line + 1).
    const { tournament } = await graphql<{
      tournament: { crosstable: { startRank: number; player: { id: string } }[]; games: any[] };
    }>(
      api.url,
      'query($id: ID!) { tournament(id: $id) { crosstable { startRank player { id } } games { round board result white { id } black { id } } } }',
      { id: tournamentId },
      await apiToken(api.url, OFFICER),
    );
    const idOf = (rank: number) => tournament.crosstable.find((line) => line.startRank === rank)!.player.id;
    expect(tournament.games).toEqual(
      ROUNDS.flatMap((pairings, index) =>
        pairings.map(([white, black, result], line) => ({
          round: index + 1,
          board: line + 1,
          result,
          white: { id: idOf(white) },
          black: { id: idOf(black) },
        })),
      ),
    );
    expect(await page.locator('[data-round-grid]').count()).toBe(0);
    await page.close();
  });

  it('is submitted (accepted at once, the officer’s own), rated by the run and published: the public ranking shows it', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    await page.goto(`${base}/en/staff/tournaments/${tournamentId}`, { waitUntil: 'networkidle' });
    await page.click('[data-action=submit] button[type=submit]');
    await page.waitForSelector('[data-tournament-status=ACCEPTED]');

    await page.goto(`${base}/en/staff/rating-run`, { waitUntil: 'networkidle' });
    await page.selectOption('#run-pool', 'standard');
    await page.fill('#run-period', '2026-12');
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/en/staff/lists/'), { timeout: 60_000 }),
      page.click('.staff-form button[type=submit]'),
    ]);
    await page.waitForSelector('[data-list-status=DRAFT]');
    listId = pathOf(page).split('/').pop()!;
    await page.click('#publish-heading + div .action-row button');
    await page.waitForSelector('dialog.confirm-dialog[open]');
    await page.click('dialog.confirm-dialog button[type=submit]');
    await page.waitForSelector('[data-list-status=PUBLISHED]', { timeout: 60_000 });

    const { tournament } = await graphql<{ tournament: { status: string; ratedIn: { id: string } } }>(
      api.url,
      'query($id: ID!) { tournament(id: $id) { status ratedIn { id } } }',
      { id: tournamentId },
    );
    expect(tournament).toEqual({ status: 'RATED', ratedIn: { id: listId } });
    await page.goto(`${base}/en/rankings/standard`, { waitUntil: 'networkidle' });
    expect(await page.getAttribute('[data-ranking-list]', 'data-ranking-list')).toBe(listId);
    expect(await page.textContent('.ranking-table caption')).toContain('December 2026');
    await page.close();
  });

  it('has a result corrected with a reason; the list published again shows the stored difference, in the console and on the public lists page', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    await page.goto(`${base}/en/staff/tournaments/${tournamentId}`, { waitUntil: 'networkidle' });
    // Round 2, board 2: Lévesque–Tremblay was 0-1; the scoresheet says 1-0.
    await page.selectOption('#correction-game', {
      label: 'Round 2, board 2: Lévesque, Émilie – Tremblay, Noah (0–1)',
    });
    await page.selectOption('#correction-result', 'WHITE_WINS');
    // Without a reason the browser does not send it; a blank one (spaces) is refused by the API beside the field.
    await page.fill('#correction-reason', '   ');
    await page.click('[data-correct-result] button[type=submit]');
    await page.waitForSelector('[data-field-error=correction-reason]');
    await page.fill('#correction-reason', 'Scoresheet of round 2 read wrongly');
    await page.click('[data-correct-result] button[type=submit]');
    await page.waitForSelector('[data-correct-result] .notice[role=status]');

    const reason = 'Club du jeudi: round 2 result corrected';
    await page.fill(`#republish-reason-${listId}`, reason);
    await page.click('[data-republish] .action-row button');
    await page.waitForSelector('dialog.confirm-dialog[open]');
    await page.click('dialog.confirm-dialog button[type=submit]');
    await page.waitForSelector('[data-list-diff="1"]', { timeout: 60_000 });

    const { tournament } = await graphql<{ tournament: { ratedIn: { id: string; revision: number; diff: any[] } } }>(
      api.url,
      'query($id: ID!) { tournament(id: $id) { ratedIn { id revision diff { player { surname } oldRating newRating } } } }',
      { id: tournamentId },
    );
    const revision = tournament.ratedIn;
    expect(revision.revision).toBe(1);
    // Both players of the corrected game changed rating, each the other way.
    const change = (surname: string) => {
      const row = revision.diff.find((entry) => entry.player.surname === surname);
      return row.newRating - row.oldRating;
    };
    expect(change('Lévesque')).toBeGreaterThan(0);
    expect(change('Tremblay')).toBeLessThan(0);
    expect(await page.locator('[data-table=list-diff] tbody tr').count()).toBe(revision.diff.length);
    expect(await page.textContent('[data-list-diff="1"]')).toContain(reason);
    await expectAccessible(page);
    await screenshot(page, 'staff-tournament-corrected-en');

    // The old revision's console page says it was corrected, and leads to the new one.
    await page.goto(`${base}/en/staff/lists/${listId}`, { waitUntil: 'networkidle' });
    await page.click(`[data-corrections] a[href="/en/staff/lists/${revision.id}"]`);
    await page.waitForURL((url) => url.pathname === `/en/staff/lists/${revision.id}`);
    await page.waitForSelector('[data-list-diff="1"]');

    await page.goto(`${base}/en/lists/standard/${revision.id}`, { waitUntil: 'networkidle' });
    const diff = page.locator('[data-diff="1"]');
    expect(await diff.locator('tbody tr').count()).toBe(revision.diff.length);
    expect(await diff.textContent()).toContain('Lévesque');
    await page.close();
  });

  it('is offered to an arbiter too, who sees no correction on a rated tournament, and whom the API refuses a correction', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, ARBITER);
    await page.goto(`${base}/en/staff/new-tournament`, { waitUntil: 'networkidle' });
    expect(await page.locator('#new-tournament-name').count()).toBe(1);
    await page.goto(`${base}/en/staff/tournaments/${tournamentId}`, { waitUntil: 'networkidle' });
    expect(await page.locator('[data-corrections]').count()).toBe(0);
    const { tournament } = await graphql<{ tournament: { games: { id: string }[] } }>(
      api.url,
      'query($id: ID!) { tournament(id: $id) { games { id } } }',
      { id: tournamentId },
    );
    const response = await fetch(api.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(api.url, ARBITER)}` },
      body: JSON.stringify({
        query: 'mutation($g: ID!) { correctGameResult(game: $g, result: WHITE_WINS, reason: "mine") { id } }',
        variables: { g: tournament.games[0].id },
      }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    await page.close();
  });
});

describe('the new console pages', () => {
  it.each(['en', 'fr'] as const)('in %s have no serious accessibility violation (screenshots saved)', async (lang) => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER, lang);
    const token = await apiToken(api.url, OFFICER);
    // A draft with four players and a round recorded, for the entry page's grid at its second round.
    const { createTournament } = await graphql<{ createTournament: { id: string } }>(
      api.url,
      `
        mutation {
          createTournament(
            input: {
              pool: "standard"
              name: "Rapide du dimanche"
              startDate: "2026-11-22"
              endDate: "2026-11-22"
              rounds: 3
              type: ROUND_ROBIN
            }
          ) {
            id
          }
        }
      `,
      {},
      token,
    );
    const { players } = await graphql<{ players: { edges: { node: { id: string } }[] } }>(
      api.url,
      '{ players(first: 4) { edges { node { id } } } }',
    );
    const ids = players.edges.map((edge) => edge.node.id);
    await graphql(
      api.url,
      'mutation($t: ID!, $p: [ParticipantInput!]!) { addParticipants(tournament: $t, players: $p) { id } }',
      { t: createTournament.id, p: ids.map((player) => ({ player })) },
      token,
    );
    await graphql(
      api.url,
      'mutation($t: ID!, $g: [GameInput!]!) { recordGames(tournament: $t, games: $g) { id } }',
      {
        t: createTournament.id,
        g: [
          { round: 1, board: 1, white: ids[0], black: ids[3], result: 'WHITE_WINS' },
          { round: 1, board: 2, white: ids[1], black: ids[2], result: 'BLACK_WINS_BY_FORFEIT' },
        ],
      },
      token,
    );
    const pages = {
      'staff-new-tournament': { en: '/en/staff/new-tournament', fr: '/gestion/nouveau-tournoi' },
      'staff-results-entry': {
        en: `/en/staff/results-entry/${createTournament.id}?q=levesque`,
        fr: `/gestion/saisie/${createTournament.id}?q=levesque`,
      },
      'staff-tournament-rated': {
        en: `/en/staff/tournaments/${tournamentId}`,
        fr: `/gestion/tournois/${tournamentId}`,
      },
      'staff-list-corrected': { en: `/en/staff/lists/${listId}`, fr: `/gestion/listes/${listId}` },
    };
    for (const [shot, address] of Object.entries(pages)) {
      const response = await page.goto(`${base}${address[lang]}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await expectAccessible(page);
      await screenshot(page, `${shot}-${lang}`);
    }
    await page.close();
  });

  it('enter a round from the keyboard alone', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    const { tournaments } = await graphql<{ tournaments: { edges: { node: { id: string } }[] } }>(
      api.url,
      '{ tournaments(search: "Rapide du dimanche", status: DRAFT, first: 1) { edges { node { id } } } }',
      {},
      await apiToken(api.url, OFFICER),
    );
    const draft = tournaments.edges[0].node.id;
    await page.goto(`${base}/en/staff/results-entry/${draft}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-round-grid="2"]');
    // Round 2 of four players: 1–3 and 4–2 (start ranks), chosen with the keyboard only.
    await page.focus('#grid-0-white');
    const choose = async (steps: number) => {
      for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
    };
    await choose(1); // white: 1.
    await choose(3); // black: 3.
    await choose(1); // result: WHITE_WINS (1-0)
    await choose(4); // white: 4.
    await choose(2); // black: 2.
    await choose(3); // result: DRAW (½-½)
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-recorded-round="2"]');
    expect(await page.locator('[data-recorded-round="2"] tbody tr').count()).toBe(2);
    await page.close();
  });
});
