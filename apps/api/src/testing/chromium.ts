import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, as the site's browser tests use it (Playwright's own browser downloads are never used). */
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

export interface ChromiumPage {
  page: Page;
  goto(url: string): Promise<void>;
  close(): Promise<void>;
}

/** A headless Chromium with one page, for the API's own browser checks (CORS, the explorer). */
export async function launchChromium(): Promise<ChromiumPage> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\``);
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const page = await browser.newPage();
  return {
    page,
    goto: async (url) => {
      await page.goto(url);
    },
    close: () => browser.close(),
  };
}
