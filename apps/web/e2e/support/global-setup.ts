import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startApi, type ApiHandle } from './api';
import { assertChromiumInstalled } from './chromium';
import { assertBuilt, startWebServer, WEB_ROOT, type WebServer } from './server';

/** What global-teardown.ts stops; jest runs both in the same process. */
export interface E2eGlobals {
  web: WebServer;
  api: ApiHandle;
}

/**
 * Checks the prerequisites (Chromium, a `next build`), starts the API (see api.ts) and `next start`,
 * and hands the tests both addresses through the environment.
 */
export default async function globalSetup(): Promise<void> {
  assertChromiumInstalled();
  assertBuilt();
  // The site keeps the API's answers on disk, keyed by the API's address: with PORT_RANGE a run's API gets the
  // port of the run before it, whose fixture data the suites have changed, so those answers go first.
  if (process.env.PORT_RANGE) rmSync(path.join(WEB_ROOT, '.next/cache/fetch-cache'), { recursive: true, force: true });
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
