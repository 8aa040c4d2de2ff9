import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { RATING_SYSTEM_IDS, rateEvents } from '@ratings/rating-rules';
import { startFixtureApi, type ApiHandle } from './support/api';
import { launchBrowser, type BrowserSession } from './support/chromium';
import { freePort, startWebServer, stopWebServer, type WebServer } from './support/server';
import { screenshot, seriousA11yViolations } from './support/site';
import { ADMIN, apiToken, ARBITER, graphql, OFFICER, SESSION_COOKIE, signInThroughPage } from './support/staff';

/**
 * The staff console, as the rating officer uses it. The suite writes (imports, runs, publishes), so it has its
 * own fixture API and its own `next start`, the API told to refresh that site's pages when it publishes.
 */

const TRF_FIXTURE = path.join(__dirname, '../../api/src/__fixtures__/open-sherbrooke-2026-swiss.trf');
const TRF_PLAYERS = readFileSync(TRF_FIXTURE, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('001 ')).length;

const ROUND_ROBIN_FIXTURE = path.join(__dirname, '../../api/src/__fixtures__/ferme-quebec-2026-round-robin.trf');
const RETURN_REASON = 'Round 7 is missing: please add its results.';

/**
 * The round robin again, under another name, where the first two players are the fixture's Lévesque and Tremblay
 * (their names and birth dates, no FIDE id, so the import matches them): players on the list, with the games
 * before the period that make their ratings permanent, so that the draft rates their game against each other.
 */
function roundRobinWithListedPlayers(): string {
  const asFixturePlayer = (line: string, rank: number, name: string, sex: string, birth: string) =>
    line.replace(
      new RegExp(`^(001 +${rank}) m( +)(\\S.*?)( +)(\\d{4} CAN +)\\d{8} \\d{4}/\\d{2}/\\d{2}`),
      (_, start: string, gap: string, old: string, pad: string, middle: string) =>
        `${start} ${sex}${gap}${name}${' '.repeat(old.length + pad.length - name.length)}${middle}${' '.repeat(8)} ${birth}`,
    );
  const file = readFileSync(ROUND_ROBIN_FIXTURE, 'utf8')
    .replace(/^012 .*$/m, '012 Fermé de Québec 2026, section des classés')
    .split('\n')
    .map((line) => asFixturePlayer(line, 1, 'Lévesque, Émilie', 'w', '1990/04/02'))
    .map((line) => asFixturePlayer(line, 2, 'Tremblay, Noah', 'm', '2015/06/01'))
    .join('\n');
  expect(file).toContain('Lévesque, Émilie');
  expect(file).toContain('Tremblay, Noah');
  const written = path.join(mkdtempSync(path.join(tmpdir(), 'staff-e2e-')), 'ferme-quebec-classes.trf');
  writeFileSync(written, file);
  return written;
}

let api: ApiHandle;
let site: WebServer;
let browser: BrowserSession;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  const secret = 'staff-suite-revalidate-secret';
  api = await startFixtureApi(
    { WEB_REVALIDATE_URL: `http://localhost:${port}/api/revalidate`, REVALIDATE_SECRET: secret },
    'api-staff.log',
  );
  site = await startWebServer({ API_URL: api.url, REVALIDATE_SECRET: secret }, 'next-start-staff.log', port);
  base = site.baseUrl;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (site) await stopWebServer(site);
  await api?.stop();
});

/** A fresh page with no session: every test signs in for itself. */
async function freshPage(): Promise<Page> {
  await browser.context.clearCookies();
  return browser.context.newPage();
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('signing in', () => {
  it('refuses a wrong password with a message, and keeps the console closed', async () => {
    const page = await freshPage();
    await page.goto(`${base}/en/staff/sign-in`, { waitUntil: 'networkidle' });
    await page.fill('#sign-in-email', ADMIN.email);
    await page.fill('#sign-in-password', 'not the passphrase');
    await page.click('.sign-in-form button[type=submit]');
    await page.waitForSelector('.sign-in-form [role=alert]');
    expect(await page.textContent('.sign-in-form [role=alert]')).toContain('Sign-in refused');
    expect(pathOf(page)).toBe('/en/staff/sign-in');
    expect(await browser.context.cookies()).toEqual([]);
    await page.goto(`${base}/en/staff`, { waitUntil: 'networkidle' });
    expect(pathOf(page)).toBe('/en/staff/sign-in');
    await page.close();
  });

  it('keeps the token in an HttpOnly, SameSite=Strict cookie that scripts cannot read; signing out forgets it', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    const [cookie] = await browser.context.cookies();
    expect(cookie).toMatchObject({ name: SESSION_COOKIE, httpOnly: true, sameSite: 'Strict', secure: false });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.textContent('.staff-bar')).toContain('Rating officer');
    const response = await page.goto(`${base}/en/staff`, { waitUntil: 'networkidle' });
    expect(response?.headers()['cache-control']).toMatch(/no-store/);
    expect(await page.getAttribute('meta[name=robots]', 'content')).toBe('noindex, nofollow');
    await page.click('.staff-bar button[type=submit]');
    await page.waitForURL((url) => url.pathname === '/en/staff/sign-in');
    expect(await browser.context.cookies()).toEqual([]);
    await page.close();
  });

  it('offers each role its own menu: an administrator has no rating pages but the simulation', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, ADMIN);
    expect(await page.locator('.staff-nav__link').allTextContents()).toEqual([
      'Dashboard',
      'Simulation',
      'Administration',
    ]);
    await page.close();
  });

  it('offers an arbiter his tournaments and the upload only; the run page tells him he is not allowed', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, ARBITER);
    expect(await page.locator('.staff-nav__link').allTextContents()).toEqual(['Tournaments', 'Upload a TRF']);
    expect(await page.locator('#staff-tournament-creator').count()).toBe(0);
    for (const [lang, address] of [
      ['en', '/en/staff/rating-run'],
      ['fr', '/gestion/calcul'],
    ] as const) {
      await page.goto(`${base}${address}`, { waitUntil: 'networkidle' });
      expect(await page.textContent('h1')).toBe(lang === 'en' ? 'Not allowed' : 'Accès refusé');
      // Nothing of the page itself: no run form.
      expect(await page.locator('#run-period').count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `staff-not-allowed-${lang}`);
    }
    for (const address of ['/en/staff/players', '/en/staff/administration']) {
      await page.goto(`${base}${address}`, { waitUntil: 'networkidle' });
      expect(await page.locator('[data-page=not-allowed]').count()).toBe(1);
    }
    await page.close();
  });

  it('is reached from a discreet footer link, in neither the header nor the public menu', async () => {
    const page = await freshPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    expect(await page.getAttribute('.site-footer__staff', 'href')).toBe('/gestion');
    expect(await page.locator('.site-header a[href="/gestion"]').count()).toBe(0);
    await page.close();
  });
});

describe('the month of a rating officer', () => {
  it('signs in, uploads a TRF, submits it, runs the period, reviews and publishes it (a double click publishes once), and the public ranking shows it', async () => {
    const page = await freshPage();
    await page.goto(`${base}/en/rankings/standard`, { waitUntil: 'networkidle' });
    // Read once, so the site holds the November ranking in its cache.
    expect(await page.textContent('.ranking-table caption')).toContain('November 2026');

    await signInThroughPage(page, base, OFFICER);
    await page.click('.staff-nav__link:text("Upload a TRF")');
    await page.waitForURL((url) => url.pathname === '/en/staff/upload');
    await page.selectOption('#upload-pool', 'standard');
    await page.setInputFiles('input[name=file]', TRF_FIXTURE);
    await page.click('.staff-form button[type=submit]');
    await page.waitForSelector('[data-import-report]', { timeout: 60_000 });
    const matched = Number(await page.textContent('[data-count=matched]'));
    const created = Number(await page.textContent('[data-count=created]'));
    expect(matched + created).toBe(TRF_PLAYERS);
    expect(Number(await page.textContent('[data-count=games]'))).toBeGreaterThan(0);

    await page.click('[data-import-report] a');
    await page.waitForSelector('[data-tournament-status=DRAFT]');
    expect(await page.textContent('h1')).toBe('Open de Sherbrooke 2026');
    expect(await page.locator('[data-table=participants] tbody tr').count()).toBe(TRF_PLAYERS);
    // The import report stays on the tournament's page, with the upload's counts and no link to itself.
    expect(Number(await page.textContent('[data-import-report] [data-count=matched]'))).toBe(matched);
    expect(Number(await page.textContent('[data-import-report] [data-count=created]'))).toBe(created);
    expect(await page.locator('[data-import-report] a').count()).toBe(0);
    await page.click('[data-action=submit] button[type=submit]');
    // A rating officer's own submission needs no review: it is accepted at once.
    await page.waitForSelector('[data-tournament-status=ACCEPTED]');
    // A late tournament (October's, its list published) with players of the list: the run rates it too.
    await uploadAndSubmit(page, roundRobinWithListedPlayers(), 'ACCEPTED');

    await page.click('.staff-nav__link:text("Rating run")');
    await page.waitForURL((url) => url.pathname === '/en/staff/rating-run');
    await page.selectOption('#run-pool', 'standard');
    await page.fill('#run-period', '2026-12');
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/en/staff/lists/'), { timeout: 60_000 }),
      page.click('.staff-form button[type=submit]'),
    ]);
    await page.waitForSelector('[data-list-status=DRAFT]');
    const listId = pathOf(page).split('/').pop()!;
    expect(await page.textContent('h1')).toContain('December 2026');
    expect(await page.locator('[data-table=top] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-table=distribution] tbody tr').count()).toBeGreaterThan(0);
    await checkExplanation(page, listId);

    await page.click('#publish-heading + div .action-row button');
    await page.waitForSelector('dialog.confirm-dialog[open]');
    expect(await page.textContent('dialog.confirm-dialog')).toContain('can no longer change');
    await page.dblclick('dialog.confirm-dialog button[type=submit]');
    await page.waitForSelector('[data-list-status=PUBLISHED]', { timeout: 60_000 });
    // A second publication would have been refused (CONFLICT) and shown; Next's route announcer is role=alert too.
    expect(await page.locator('.notice[role=alert]').count()).toBe(0);

    const token = await apiToken(api.url, OFFICER);
    const { auditEvents } = await graphql<{ auditEvents: { action: string; entityId: string }[] }>(
      api.url,
      '{ auditEvents(first: 100, entityType: RATING_LIST) { action entityId } }',
      {},
      token,
    );
    expect(
      auditEvents.filter((event) => event.action === 'PUBLISH_RATING_LIST' && event.entityId === listId),
    ).toHaveLength(1);

    const after = await graphql<{ rankings: { list: { id: string; period: string; stats: { tournaments: number } } } }>(
      api.url,
      '{ rankings(pool: "standard", first: 1) { list { id period stats { tournaments } } } }',
    );
    expect(after.rankings.list).toEqual({ id: listId, period: '2026-12', stats: { tournaments: 2 } });
    // The API told the site to refresh: the public ranking is the new list at once.
    await page.goto(`${base}/en/rankings/standard`, { waitUntil: 'networkidle' });
    expect(await page.getAttribute('[data-ranking-list]', 'data-ranking-list')).toBe(listId);
    expect(await page.textContent('.ranking-table caption')).toContain('December 2026');
    await page.close();
    // The whole month, two uploads and an explanation checked in both languages: longer than one page's test.
  }, 180_000);
});

describe('the review of a tournament', () => {
  it('an arbiter submits two tournaments; the officer reads the checks, returns one with a reason (the arbiter reads it) and accepts the other', async () => {
    // Two reports of the arbiter's: the round robin, and the same with another name (another file for the import)
    // where Kovačević is replaced by a newcomer with neither birth date nor sex, which the checks flag.
    const roundRobin = readFileSync(ROUND_ROBIN_FIXTURE, 'utf8');
    const secondName = 'Fermé de Québec 2026, section B';
    const secondFile = path.join(mkdtempSync(path.join(tmpdir(), 'staff-e2e-')), 'ferme-quebec-b.trf');
    const newcomerLine = (line: string) =>
      line.replace(
        /^(001 {4}1) m( {4})Kovačević, Lars( +\d{4} CAN {4})27000000 1978\/03\/18/,
        (_, start, gap, middle) => `${start}  ${gap}Nouveau, Joueur${middle}${' '.repeat(19)}`,
      );
    const second = roundRobin
      .replace(/^012 .*$/m, `012 ${secondName}`)
      .split('\n')
      .map(newcomerLine)
      .join('\n');
    expect(second).toContain('Nouveau, Joueur');
    writeFileSync(secondFile, second);

    const arbiter = await freshPage();
    await signInThroughPage(arbiter, base, ARBITER);
    const first = await uploadAndSubmit(arbiter, ROUND_ROBIN_FIXTURE);
    const flagged = await uploadAndSubmit(arbiter, secondFile);
    // His list shows his own tournaments only: these two.
    await arbiter.goto(`${base}/en/staff/tournaments`, { waitUntil: 'networkidle' });
    expect((await arbiter.locator('[data-table=tournaments] tbody th').allTextContents()).sort()).toEqual(
      ['Fermé de Québec 2026', secondName].sort(),
    );
    await arbiter.close();

    const officer = await freshPage();
    await signInThroughPage(officer, base, OFFICER);
    const waiting = await officer
      .locator('[aria-labelledby=waiting-heading] [data-table=tournaments] tbody th')
      .allTextContents();
    expect(waiting).toEqual(expect.arrayContaining(['Fermé de Québec 2026', secondName]));
    await officer.goto(`${base}/en/staff/tournaments?status=SUBMITTED`, { waitUntil: 'networkidle' });
    expect(await officer.locator('[data-table=tournaments] tbody th').count()).toBe(waiting.length);

    // The checks as the API finds them, each flag with its reason: the newcomer's missing birth date and sex.
    const token = await apiToken(api.url, OFFICER);
    const { tournament } = await graphql<{ tournament: { checks: { code: string; message: string }[] } }>(
      api.url,
      'query($id: ID!) { tournament(id: $id) { checks { code message } } }',
      { id: flagged },
      token,
    );
    expect(tournament.checks.map((check) => check.code)).toEqual(
      expect.arrayContaining(['MISSING_BIRTH_DATE', 'MISSING_SEX']),
    );
    await officer.goto(`${base}/en/staff/tournaments/${flagged}`, { waitUntil: 'networkidle' });
    expect(await officer.getAttribute('[data-tournament-status]', 'data-tournament-status')).toBe('SUBMITTED');
    const checkRows = officer.locator('[data-table=checks] tbody tr');
    expect(await checkRows.count()).toBe(tournament.checks.length);
    for (const [index, check] of tournament.checks.entries())
      expect(await checkRows.nth(index).locator('td').first().textContent()).toBe(check.message);
    expect(await officer.textContent('[data-table=checks] tbody')).toContain('Missing birth date');
    expect(
      await officer
        .locator('[data-action]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action'))),
    ).toEqual(['accept', 'return', 'reopen']);
    await expectAccessible(officer);
    await screenshot(officer, 'staff-review-en');

    // Returning needs a reason: the browser keeps the empty form from being sent.
    await officer.click('[data-action=return] button[type=submit]');
    expect(
      await officer.evaluate(
        () => (document.querySelector('#return-reason') as HTMLTextAreaElement).validity.valueMissing,
      ),
    ).toBe(true);
    expect(await officer.getAttribute('[data-tournament-status]', 'data-tournament-status')).toBe('SUBMITTED');
    await officer.fill('#return-reason', RETURN_REASON);
    await officer.click('[data-action=return] button[type=submit]');
    await officer.waitForSelector('[data-tournament-status=DRAFT]');
    expect(await officer.textContent('[data-table=status-history] tbody tr:last-child')).toContain(RETURN_REASON);

    await officer.goto(`${base}/en/staff/tournaments/${first}`, { waitUntil: 'networkidle' });
    await officer.click('[data-action=accept] button[type=submit]');
    await officer.waitForSelector('[data-tournament-status=ACCEPTED]');
    await officer.goto(`${base}/gestion/tournois/${first}`, { waitUntil: 'networkidle' });
    await expectAccessible(officer);
    await screenshot(officer, 'staff-review-fr');
    await officer.close();

    const returned = await freshPage();
    await signInThroughPage(returned, base, ARBITER, 'fr');
    await returned.goto(`${base}/gestion/tournois/${flagged}`, { waitUntil: 'networkidle' });
    expect(await returned.textContent('[data-return-reason]')).toContain(RETURN_REASON);
    // He may submit it again once corrected, and review nothing.
    expect(
      await returned
        .locator('[data-action]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action'))),
    ).toEqual(['submit']);
    await expectAccessible(returned);
    await screenshot(returned, 'staff-returned-fr');
    await returned.goto(`${base}/en/staff/tournaments/${flagged}`, { waitUntil: 'networkidle' });
    await screenshot(returned, 'staff-returned-en');
    await returned.close();

    const statuses = await graphql<{ a: { status: string }; b: { status: string } }>(
      api.url,
      'query($a: ID!, $b: ID!) { a: tournament(id: $a) { status } b: tournament(id: $b) { status } }',
      { a: first, b: flagged },
      token,
    );
    expect(statuses).toEqual({ a: { status: 'ACCEPTED' }, b: { status: 'DRAFT' } });
  });
});

describe('an expired session', () => {
  it('sends a page to the sign-in with a message, and back to that page after signing in', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    await invalidateSession();
    await page.goto(`${base}/en/staff/tournaments?status=SUBMITTED`, { waitUntil: 'networkidle' });
    expect(pathOf(page)).toBe('/en/staff/sign-in');
    expect(await page.textContent('.notice--warning')).toContain('Your session has expired');
    await page.fill('#sign-in-email', OFFICER.email);
    await page.fill('#sign-in-password', OFFICER.password);
    await page.click('.sign-in-form button[type=submit]');
    await page.waitForURL((url) => url.pathname === '/en/staff/tournaments' && url.search === '?status=SUBMITTED');
    await page.close();
  });

  it('keeps what was typed in a form, and sends it once signed in again', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    const levesque = await levesqueId();
    await page.goto(`${base}/en/staff/players/${levesque}`, { waitUntil: 'networkidle' });
    await page.fill('#player-club', 'Club typed before the session ran out');
    await invalidateSession();
    await page.click('#edit-heading + div .staff-form button[type=submit]');
    await page.waitForSelector('.reauth');
    expect(await page.inputValue('#player-club')).toBe('Club typed before the session ran out');
    await page.fill('.reauth input[type=email]', OFFICER.email);
    await page.fill('.reauth input[type=password]', OFFICER.password);
    await page.click('.reauth button[type=submit]');
    await page.waitForSelector('#edit-heading + div [role=status]');
    const { player } = await graphql<{ player: { club: string } }>(api.url, `{ player(id: "${levesque}") { club } }`);
    expect(player.club).toBe('Club typed before the session ran out');
    await page.close();
  });
});

describe('Server Actions', () => {
  it('refuse a POST from another origin, even with the session cookie', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    const levesque = await levesqueId();
    const { player: original } = await graphql<{ player: { givenName: string } }>(
      api.url,
      `{ player(id: "${levesque}") { givenName } }`,
    );
    await page.goto(`${base}/en/staff/players/${levesque}`, { waitUntil: 'networkidle' });
    await page.fill('#player-givenName', 'Forged');
    // Capture the action's request as the browser sends it, without letting it through.
    const capturedRequest = new Promise<{
      headers: Record<string, string>;
      body: Uint8Array<ArrayBuffer>;
      url: string;
    }>(
      (resolve) =>
        void page.route('**/*', async (route) => {
          const request = route.request();
          if (request.method() === 'POST' && request.headers()['next-action']) {
            resolve({
              headers: request.headers(),
              body: Uint8Array.from(request.postDataBuffer()!),
              url: request.url(),
            });
            await route.abort();
          } else await route.continue();
        }),
    );
    await page.click('#edit-heading + div .staff-form button[type=submit]');
    const request = await capturedRequest;
    const cookie = (await browser.context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const replay = (origin: string) =>
      fetch(request.url, { method: 'POST', headers: { ...request.headers, cookie, origin }, body: request.body });

    const forged = await replay('https://evil.example');
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const unchanged = await graphql<{ player: { givenName: string } }>(
      api.url,
      `{ player(id: "${levesque}") { givenName } }`,
    );
    expect(unchanged.player.givenName).toBe(original.givenName);

    // The same request from the site's own origin goes through: the origin alone made the difference.
    const genuine = await replay(new URL(base).origin);
    expect(genuine.status).toBe(200);
    const changed = await graphql<{ player: { givenName: string } }>(
      api.url,
      `{ player(id: "${levesque}") { givenName } }`,
    );
    expect(changed.player.givenName).toBe('Forged');
    await page.close();
  });
});

describe('administration', () => {
  it('creates an API key whose secret is shown once and works, then filters the audit trail', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, ADMIN);
    await page.goto(`${base}/en/staff/administration`, { waitUntil: 'networkidle' });
    await page.fill('#api-key-name', 'Club website');
    await page.fill('#api-key-quota', '120');
    await page.click('#api-key-heading ~ .staff-form button[type=submit]');
    await page.waitForSelector('[data-api-key-secret]');
    const secret = await page.inputValue('#api-key-secret');
    expect(secret).toMatch(/^rk_/);
    // The key is accepted by the API; the same key with its secret changed is not.
    const withKey = (key: string) =>
      fetch(api.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query: '{ pools { code } }' }),
      }).then(
        (response) => response.json() as Promise<{ data?: unknown; errors?: { extensions: { code: string } }[] }>,
      );
    expect(await withKey(secret)).toEqual({ data: { pools: [{ code: 'standard' }] } });
    expect((await withKey(`${secret.slice(0, -4)}AAAA`)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    await page.goto(`${base}/en/staff/administration?type=API_KEY`, { waitUntil: 'networkidle' });
    expect(await page.locator('[data-api-key-secret]').count()).toBe(0);
    expect(await page.locator('[data-table=audit-trail] tbody code').allTextContents()).toEqual(['CREATE_API_KEY']);
    await page.close();
  });

  it('registers a webhook (a URL that is not http refused, naming the field), shows its empty log, deletes it', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, ADMIN);
    await page.goto(`${base}/en/staff/administration`, { waitUntil: 'networkidle' });
    const form = page.locator('[data-webhooks] form').first();
    await page.fill('#webhook-url', 'ftp://receiver.example/hook');
    await page.fill('#webhook-secret', 'a shared secret of the receiver');
    // The browser's own check of type=url accepts ftp: the API refuses it.
    await form.locator('button[type=submit]').click();
    await page.waitForSelector('[data-webhooks] [role=alert]');
    expect(await page.textContent('[data-webhooks] [role=alert]')).toContain('http or https');
    await page.fill('#webhook-url', 'https://receiver.example/hook');
    await page.fill('#webhook-secret', 'a shared secret of the receiver');
    await form.locator('button[type=submit]').click();
    await page.waitForSelector('[data-webhook="https://receiver.example/hook"]');
    expect(await page.textContent('[data-webhook="https://receiver.example/hook"]')).toContain('No delivery yet.');
    expect(await page.content()).not.toContain('a shared secret of the receiver');
    await expectAccessible(page);
    await screenshot(page, 'staff-admin-webhooks-en');
    await page.click('[data-webhook="https://receiver.example/hook"] .action-row button');
    await page.waitForSelector('dialog.confirm-dialog[open]');
    await page.click('dialog.confirm-dialog[open] button[type=submit]');
    await page.waitForSelector('[data-webhook]', { state: 'detached' });
    await page.close();
  });
});

describe('importing a rating list', () => {
  const HEADER =
    'rank,player_id,national_id,fide_id,surname,given_name,federation,sex,titles,birth_year,club,rating,provisional,category,games_period,games_total,k,listed,inactive';
  // Two new players, and a third line repeating the first one's FIDE id: skipped, with its line.
  const CSV = [
    HEADER,
    '1,1,,99100001,Tremblay,Anne,CAN,F,,1980,,2100,false,A,2,30,20,true,false',
    '2,2,,99100002,Gagnon,Luc,CAN,M,,1975,,2000,false,A,0,40,20,true,true',
    '3,3,,99100001,Tremblay,Anne,CAN,F,,1980,,2100,false,A,2,30,20,true,false',
  ].join('\r\n');

  it('imports a CSV into a new pool from the console and shows the report with the skipped line', async () => {
    const token = await apiToken(api.url, OFFICER);
    await graphql(
      api.url,
      'mutation { createPool(code: "imported", name: "Imported", ratingSystem: ELO) { code } }',
      {},
      token,
    );
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    await page.click('.staff-nav__link:text("Import a list")');
    await page.waitForURL((url) => url.pathname === '/en/staff/import-list');
    await page.selectOption('#list-import-pool', 'imported');
    await page.selectOption('#list-import-format', 'CSV');
    expect(await page.isDisabled('#list-import-control')).toBe(true);
    await page.fill('#list-import-effective', '2026-10');
    await page.setInputFiles('#list-import-file', {
      name: 'imported.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await page.click('.staff-form button[type=submit]');
    await page.waitForSelector('[data-list-import-report]', { timeout: 60_000 });
    expect(await page.textContent('[data-list-import-report] [role=status]')).toContain(
      'List 2026-10 imported and published',
    );
    const counts = Object.fromEntries(
      await Promise.all(
        ['rows', 'created', 'skipped', 'conflicting'].map(async (name) => [
          name,
          Number(await page.textContent(`[data-count=${name}]`)),
        ]),
      ),
    );
    expect(counts).toEqual({ rows: 3, created: 2, skipped: 1, conflicting: 0 });
    expect(await page.textContent('[data-skipped]')).toBe('Line 4: FIDE id 99100001 is also on line 2');
    await expectAccessible(page);
    await screenshot(page, 'staff-list-import-report-en');
    await page.close();
  });
});

describe('every console page', () => {
  const PAGES = [
    { en: '/en/staff', fr: '/gestion', shot: 'staff-dashboard' },
    { en: '/en/staff/tournaments', fr: '/gestion/tournois', shot: 'staff-tournaments' },
    { en: '/en/staff/tournaments/{tournament}', fr: '/gestion/tournois/{tournament}', shot: 'staff-tournament' },
    { en: '/en/staff/upload', fr: '/gestion/importer', shot: 'staff-upload' },
    { en: '/en/staff/import-list', fr: '/gestion/importer-une-liste', shot: 'staff-list-import' },
    { en: '/en/staff/rating-run', fr: '/gestion/calcul', shot: 'staff-runs' },
    { en: '/en/staff/lists/{list}', fr: '/gestion/listes/{list}', shot: 'staff-list' },
    { en: '/en/staff/players?q=levesque', fr: '/gestion/joueurs?q=levesque', shot: 'staff-players' },
    { en: '/en/staff/players/{player}', fr: '/gestion/joueurs/{player}', shot: 'staff-player' },
  ];

  describe.each(['en', 'fr'] as const)('in %s', (lang) => {
    let page: Page;
    let ids: { tournament: string; list: string; player: string };
    // One signed-in page for the reads below (none of them writes).
    beforeAll(async () => {
      page = await freshPage();
      await signInThroughPage(page, base, OFFICER);
      ids = await fixtureIds();
    });
    afterAll(() => page.close());

    it.each(PAGES)('$shot has no serious accessibility violation (screenshots saved)', async (entry) => {
      const address = entry[lang].replace(/\{(\w+)\}/, (_, name: keyof typeof ids) => ids[name]);
      const response = await page.goto(`${base}${address}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await expectAccessible(page);
      await screenshot(page, `${entry.shot}-${lang}`);
    });
  });

  it.each([
    ['en', '/en/staff/sign-in', '/en/staff/administration'],
    ['fr', '/gestion/connexion', '/gestion/administration'],
  ] as const)(
    'the %s sign-in and administration pages have no serious accessibility violation',
    async (lang, signInPath, adminPath) => {
      const page = await freshPage();
      await page.goto(`${base}${signInPath}`, { waitUntil: 'networkidle' });
      await expectAccessible(page);
      await screenshot(page, `staff-sign-in-${lang}`);
      await signInThroughPage(page, base, ADMIN);
      await page.goto(`${base}${adminPath}`, { waitUntil: 'networkidle' });
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await expectAccessible(page);
      await screenshot(page, `staff-admin-${lang}`);
      await page.close();
    },
  );

  it('are usable from the keyboard: the publish dialog opens, traps focus and closes with Escape', async () => {
    const page = await freshPage();
    await signInThroughPage(page, base, OFFICER);
    const draft = await draftListId(page);
    await page.goto(`${base}/en/staff/lists/${draft}`, { waitUntil: 'networkidle' });
    await page.focus('#publish-heading + div .action-row button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.confirm-dialog[open]');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.confirm-dialog:not([open])', { state: 'attached' });
    expect(await page.getAttribute('[data-list-status]', 'data-list-status')).toBe('DRAFT');
    await page.close();
  });
});

/** '3½' → 3.5, '½' → 0.5, '1' → 1: a score as the console prints it. */
const parseScore = (text: string) => Number(text.replace('½', '.5').replace(/^\./, '0.'));

/**
 * On a draft's review: the API's figures (counts, moves) on the page; then one player's explanation, found by the
 * page's search, whose every number is computed again here with @ratings/rating-rules from the games the page
 * shows: each game's expected score, and each tournament's K, bonus and rating after. The player is one whose
 * games alone decide his new rating: permanent before the period (25 games or more, the Quebec cote's rule), or
 * else a newcomer rated for the first time. Screenshots of the review with the explanation open, in English and
 * French.
 */
async function checkExplanation(page: Page, listId: string): Promise<void> {
  const token = await apiToken(api.url, OFFICER);
  const { ratingListReview: review, pool } = await graphql<{ ratingListReview: any; pool: any }>(
    api.url,
    `
      query ($id: ID!) {
        ratingListReview(id: $id) {
          counts {
            rated
            gained
            lost
            unchanged
            newPlayers
            droppedPlayers
          }
          biggestGains(first: 100) {
            gamesBefore
            player {
              id
              surname
            }
          }
          biggestLosses(first: 100) {
            gamesBefore
            player {
              id
              surname
            }
          }
          newPlayers(first: 100) {
            gamesBefore
            player {
              id
              surname
            }
          }
        }
        pool(code: "standard") {
          ratingSystemId
          systemParams
        }
      }
    `,
    { id: listId },
    token,
  );
  const moves = page.locator('[data-table=moves] tbody tr td');
  expect(await moves.allTextContents()).toEqual(
    ['rated', 'gained', 'lost', 'unchanged', 'newPlayers', 'droppedPlayers'].map((key) =>
      review.counts[key].toLocaleString('en-GB'),
    ),
  );
  expect(await page.locator('[data-table=gains] tbody tr').count()).toBe(Math.min(20, review.counts.gained));
  expect(await page.locator('svg[role=img][aria-label]').count()).toBe(1);
  const candidate =
    [...review.biggestGains, ...review.biggestLosses].find((line: any) => line.gamesBefore >= 25) ??
    review.newPlayers.find((line: any) => line.gamesBefore === null);
  expect(candidate).toBeDefined();
  const playerId: string = candidate.player.id;

  await page.fill('#review-search', candidate.player.surname);
  await Promise.all([page.waitForURL((url) => url.search.includes('q=')), page.click('#search-heading ~ form button')]);
  await page.click(`[data-table=search] a[data-explain-player="${playerId}"]`);
  await page.waitForSelector(`[data-explanation="${playerId}"]`);

  // A fact's number (null where the page shows none: an unrated player, no K).
  const value = async (scope: string, fact: string) => {
    const raw = await page.getAttribute(`${scope} [data-fact=${fact}] dd`, 'data-value');
    return raw === null ? null : Number(raw);
  };
  const numberOrNull = (text: string) => (/^[\d.]+$/.test(text) ? Number(text) : null);
  let rating = await value('[data-facts=line]', 'ratingBefore');
  let games = (await value('[data-facts=line]', 'gamesBefore')) ?? 0;
  const changes = await page.locator('[data-explanation] article[data-change]').all();
  expect(changes.length).toBeGreaterThan(0);
  for (const article of changes) {
    const scope = `article[data-change="${await article.getAttribute('data-change')}"]`;
    const rows = await page
      .locator(`${scope} tbody tr`)
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
    // Columns: round, opponent, opponent's rating used, score, expected, change.
    const shown = rows.map(([, , opponentRating, score, expected]) => ({
      opponentRating: Number(opponentRating),
      score: parseScore(score),
      expected: numberOrNull(expected),
    }));
    expect(await value(scope, 'ratingBefore')).toBe(rating);
    const players = [
      { id: 'player', rating, games },
      ...shown.map((game, index) => ({ id: `opponent-${index}`, rating: game.opponentRating, games: 100 })),
    ];
    const event = {
      id: 'tournament',
      date: '2026-11-15',
      games: shown.map((game, index) => ({
        white: 'player',
        black: `opponent-${index}`,
        score: game.score as 0 | 0.5 | 1,
      })),
    };
    // The schema names a system in capitals with underscores (ELO_PROVISIONAL), the registry with hyphens.
    const systemId = RATING_SYSTEM_IDS.find((id) => id.replace('-', '_').toUpperCase() === pool.ratingSystemId)!;
    const result = rateEvents(systemId, pool.systemParams, players, [event]);
    const mine = result.changes.find((change) => change.playerId === 'player')!;
    expect(mine.gameRows.map((row) => row.expected)).toEqual(shown.map((game) => game.expected));
    expect(await value(scope, 'score')).toBe(mine.score);
    if (mine.expected === null) expect(await value(scope, 'expected')).toBeNull();
    else expect(await value(scope, 'expected')).toBeCloseTo(mine.expected, 6);
    expect(await value(scope, 'k')).toBe(mine.k);
    expect(await value(scope, 'bonus')).toBeCloseTo(mine.bonus, 6);
    expect(await value(scope, 'ratingAfter')).toBe(mine.ratingAfter);
    rating = mine.ratingAfter;
    games += shown.length;
  }
  expect(await value('[data-facts=line]', 'ratingAfter')).toBe(rating);
  expect(await value('[data-facts=line]', 'gamesAfter')).toBe(games);

  await expectAccessible(page);
  await screenshot(page, 'staff-list-review-en');
  const french = await browser.context.newPage();
  await french.goto(`${base}/gestion/listes/${listId}?player=${playerId}`, { waitUntil: 'networkidle' });
  expect(await french.textContent('#explanation-heading')).toContain('Explication');
  expect(await french.locator('[data-explanation] article[data-change]').count()).toBe(changes.length);
  await expectAccessible(french);
  await screenshot(french, 'staff-list-review-fr');
  await french.close();
}

/**
 * Uploads a TRF into the standard pool, opens the tournament from the report and submits it (an arbiter's
 * submission waits for review, an officer's is accepted at once); its id.
 */
async function uploadAndSubmit(page: Page, file: string, submitted = 'SUBMITTED'): Promise<string> {
  await page.goto(`${base}/en/staff/upload`, { waitUntil: 'networkidle' });
  await page.selectOption('#upload-pool', 'standard');
  await page.setInputFiles('input[name=file]', file);
  await page.click('.staff-form button[type=submit]');
  await page.waitForSelector('[data-import-report]', { timeout: 60_000 });
  await page.click('[data-import-report] a');
  await page.waitForSelector('[data-tournament-status=DRAFT]');
  await page.click('[data-action=submit] button[type=submit]');
  await page.waitForSelector(`[data-tournament-status=${submitted}]`);
  return pathOf(page).split('/').pop()!;
}

/** Replaces the session cookie's token by one the API refuses (what an expired or revoked token gets). */
async function invalidateSession(): Promise<void> {
  const [cookie] = await browser.context.cookies();
  await browser.context.addCookies([{ ...cookie, value: `${cookie.value.slice(0, -4)}AAAA` }]);
}

async function levesqueId(): Promise<string> {
  const { players } = await graphql<{ players: { edges: { node: { id: string } }[] } }>(
    api.url,
    '{ players(search: "levesque", first: 1) { edges { node { id } } } }',
  );
  return players.edges[0].node.id;
}

async function fixtureIds(): Promise<{ tournament: string; list: string; player: string }> {
  const data = await graphql<{
    tournaments: { edges: { node: { id: string } }[] };
    pool: { currentList: { id: string } };
  }>(api.url, '{ tournaments(first: 1) { edges { node { id } } } pool(code: "standard") { currentList { id } } }');
  return { tournament: data.tournaments.edges[0].node.id, list: data.pool.currentList.id, player: await levesqueId() };
}

/** A draft list of the pool's next period, run through the console (runs replace a period's draft). */
async function draftListId(page: Page): Promise<string> {
  const { pool } = await graphql<{ pool: { currentList: { period: string } } }>(
    api.url,
    '{ pool(code: "standard") { currentList { period } } }',
  );
  const [year, month] = pool.currentList.period.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  await page.goto(`${base}/en/staff/rating-run`, { waitUntil: 'networkidle' });
  await page.selectOption('#run-pool', 'standard');
  await page.fill('#run-period', next);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith('/en/staff/lists/'), { timeout: 60_000 }),
    page.click('.staff-form button[type=submit]'),
  ]);
  return pathOf(page).split('/').pop()!;
}
