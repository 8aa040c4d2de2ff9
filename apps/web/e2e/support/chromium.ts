import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (apt), the one CI installs; Playwright's own browser downloads are never used. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, offline-quiet Chromium: no sandbox (CI runs as root), no GPU, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (never \`npx playwright install\`), then run the e2e suite again.`,
    );
  }
}

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A browser with a fresh profile (`--user-data-dir` in a new temporary directory), removed on close. */
export async function launchBrowser(): Promise<BrowserSession> {
  assertChromiumInstalled();
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ratings-web-e2e-'));
  // Playwright passes the profile directory to Chromium as --user-data-dir itself.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: DESKTOP_VIEWPORT,
    locale: 'fr-FR',
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
