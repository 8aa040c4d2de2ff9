import type { Page } from 'playwright-core';

/**
 * The staff accounts `apps/api/src/testing/serve-fixture.ts` creates in its throwaway in-memory database
 * (test credentials, never a real deployment's).
 */
export const OFFICER = { email: 'officer@fixture.example', password: 'fixture staff passphrase' };
export const ADMIN = { email: 'admin@fixture.example', password: 'fixture staff passphrase' };
export const ARBITER = { email: 'arbiter@fixture.example', password: 'fixture staff passphrase' };

/** The name of the session cookie (apps/web `src/lib/staff/session.ts`). */
export const SESSION_COOKIE = 'ratings_staff_session';

/**
 * Signs in through the sign-in page, as a person would, and waits for the dashboard (an arbiter, who has none,
 * for his tournaments).
 */
export async function signInThroughPage(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  lang: 'fr' | 'en' = 'en',
): Promise<void> {
  const home =
    account.email === ARBITER.email
      ? { en: '/en/staff/tournaments', fr: '/gestion/tournois' }
      : { en: '/en/staff', fr: '/gestion' };
  await page.goto(`${baseUrl}${lang === 'en' ? '/en/staff/sign-in' : '/gestion/connexion'}`, {
    waitUntil: 'networkidle',
  });
  await page.fill('#sign-in-email', account.email);
  await page.fill('#sign-in-password', account.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === home[lang]),
    page.click('.sign-in-form button[type=submit]'),
  ]);
  await page.waitForLoadState('networkidle');
}

/** A staff token for the suite's own API checks (audit trail), from the API's `login`. */
export async function apiToken(apiUrl: string, account: { email: string; password: string }): Promise<string> {
  const body = await graphql<{ login: { token: string } }>(
    apiUrl,
    'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
    account,
  );
  return body.login.token;
}

export async function graphql<T>(
  apiUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(`API query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}
