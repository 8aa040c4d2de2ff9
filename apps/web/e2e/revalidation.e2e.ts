import { randomBytes } from 'node:crypto';
import { startApiRecorder, type ApiRecorder } from './support/api-recorder';
import { startWebServer, stopWebServer, type WebServer } from './support/server';
import { queryTestApi } from './support/site';

/**
 * What `POST /api/revalidate` does to the cache: a second site reads the API through a recorder that
 * counts the operations it sends, so the suite sees which visits were answered from the cache and
 * which went back to the API after the call the API makes when it publishes a list.
 */

/** The tags apps/api sends after a publication (apps/api/src/staff/revalidate.ts, PUBLICATION_TAGS). */
const PUBLICATION_TAGS = ['rankings', 'lists', 'players', 'tournaments'];
const POOL = 'standard';

let recorder: ApiRecorder;
let site: WebServer;
const secret = randomBytes(16).toString('hex');
/** Each page and the operation its data comes from. */
let pages: { path: string; operation: string }[];

beforeAll(async () => {
  const apiUrl = process.env.E2E_API_GRAPHQL_URL;
  if (!apiUrl) throw new Error('E2E_API_GRAPHQL_URL is not set: run the suite with `npm run e2e`');
  const { rankings, tournaments } = await queryTestApi<{
    rankings: { list: { id: string }; edges: { node: { player: { id: string } } }[] };
    tournaments: { edges: { node: { id: string } }[] };
  }>(
    `{ rankings(pool: "${POOL}", first: 1) { list { id } edges { node { player { id } } } } tournaments(first: 1) { edges { node { id } } } }`,
  );
  pages = [
    { path: '/', operation: 'HomePage' },
    { path: `/classements/${POOL}`, operation: 'RankingPage' },
    { path: `/joueurs/${rankings.edges[0].node.player.id}`, operation: 'PlayerProfile' },
    { path: `/listes/${POOL}/${rankings.list.id}`, operation: 'RatingList' },
    { path: `/tournois/${tournaments.edges[0].node.id}`, operation: 'Tournament' },
  ];
  recorder = await startApiRecorder(apiUrl);
  site = await startWebServer({ API_URL: recorder.url, REVALIDATE_SECRET: secret }, 'next-start-revalidation.log');
});

afterAll(async () => {
  if (site) await stopWebServer(site);
  await recorder?.stop();
});

/** Loads a page to its last byte (the streamed part included). */
async function visit(path: string): Promise<void> {
  const response = await fetch(`${site.baseUrl}${path}`);
  await response.text();
  expect([path, response.status]).toEqual([path, 200]);
}

async function revalidate(tags: string[]): Promise<void> {
  const response = await fetch(`${site.baseUrl}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ tags }),
  });
  expect(response.status).toBe(200);
}

const counts = () =>
  Object.fromEntries(
    [...pages.map((page) => page.operation), 'Pools'].map((operation) => [operation, recorder.count(operation)]),
  );

describe('the site’s cache and POST /api/revalidate', () => {
  let afterFirstVisit: Record<string, number>;

  it('answers a second visit from the cache: the API sees nothing new', async () => {
    for (const page of pages) await visit(page.path);
    afterFirstVisit = counts();
    expect(Object.entries(afterFirstVisit).filter(([, count]) => count === 0)).toEqual([]);
    for (const page of pages) await visit(page.path);
    expect(counts()).toEqual(afterFirstVisit);
  });

  it('asks the API again for every page after the call the API makes when it publishes', async () => {
    await revalidate(PUBLICATION_TAGS);
    for (const page of pages) await visit(page.path);
    const after = counts();
    // Player and list pages are tagged `players` / `lists` besides `player:<id>` / `list:<id>`; the pools, `lists`.
    expect(Object.keys(afterFirstVisit).filter((operation) => after[operation] <= afterFirstVisit[operation])).toEqual(
      [],
    );
    for (const page of pages) await visit(page.path);
    expect(counts()).toEqual(after);
  });

  it('refetches only the player’s own data for `player:<id>`', async () => {
    const before = counts();
    await revalidate([`player:${pages[2].path.split('/').pop()}`]);
    for (const page of pages) await visit(page.path);
    expect(counts()).toEqual({ ...before, PlayerProfile: before.PlayerProfile + 1 });
  });
});
