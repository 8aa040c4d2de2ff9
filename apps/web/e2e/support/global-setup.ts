import { randomBytes } from 'node:crypto';
import { startApi, type ApiHandle } from './api';
import { assertChromiumInstalled } from './chromium';
import { assertBuilt, clearDataCache, startWebServer, type WebServer } from './server';

/** What global-teardown.ts stops; jest runs both in the same process. */
export interface E2eGlobals {
  web: WebServer;
  api: ApiHandle;
}

/**
 * Checks the prerequisites (Chromium, a `next build`), empties the data cache of earlier runs, starts the API (see api.ts) and `next start`,
 * and hands the tests both addresses through the environment.
 */
export default async function globalSetup(): Promise<void> {
  assertChromiumInstalled();
  assertBuilt();
  clearDataCache();
  const api = await startApi();
  const revalidateSecret = randomBytes(16).toString('hex');
  let web: WebServer;
  try {
    web = await startWebServer({
      API_URL: api.url,
      REVALIDATE_SECRET: revalidateSecret,
      ENABLE_COMPONENT_PREVIEW: '1',
    });
  } catch (error) {
    await api.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = web.baseUrl;
  process.env.E2E_API_GRAPHQL_URL = api.url;
  process.env.E2E_REVALIDATE_SECRET = revalidateSecret;
  (globalThis as { e2e?: E2eGlobals }).e2e = { web, api };
}
