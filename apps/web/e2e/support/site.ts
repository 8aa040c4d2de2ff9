import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './chromium';
import { OUTPUT_DIR } from './server';

const SCREENSHOT_DIR = path.join(OUTPUT_DIR, 'screenshots');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** The impacts that fail a page; minor and moderate findings are left to review. */
const BLOCKING_IMPACTS = ['serious', 'critical'];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error('E2E_BASE_URL is not set: run the suite with `npm run e2e` (jest.e2e.config.js starts the site)');
  return url;
}

/**
 * Asks the API the site is reading (the suite's own requests, not the site's), so a test can compare
 * a page with the data behind it, whichever database the API serves.
 */
export async function queryTestApi<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = process.env.E2E_API_GRAPHQL_URL;
  if (!url) throw new Error('E2E_API_GRAPHQL_URL is not set: run the suite with `npm run e2e`');
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(`API query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Loads a page of the site and waits until React has hydrated it (the calculator reacts to input then). */
export async function open(page: Page, pathname: string): Promise<Response> {
  const response = await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  if (response === null) throw new Error(`no response for ${pathname}`);
  return response;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns its serious and critical violations (expect them to be []). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // After a client-side navigation Next sets the new page's <title> once its streamed metadata arrives: give it
  // that moment (a page that never gets one is still reported, by axe's document-title rule).
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => violation.impact !== null && BLOCKING_IMPACTS.includes(violation.impact));
}

/** Full-page screenshots on a desktop and a phone screen, in test-output/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}
