import 'server-only';
import { cookies, headers } from 'next/headers';

/**
 * The staff member's API token lives in one cookie the browser's scripts cannot read (`HttpOnly`), sent
 * only with requests started from this site (`SameSite=Strict`: a link or form on another site never
 * carries it), and only over HTTPS when the site is served over HTTPS (`Secure`).
 */
export const SESSION_COOKIE = 'ratings_staff_session';

/** Whether the browser reached the site over HTTPS (directly, or through a proxy that says so). */
async function servedOverHttps(): Promise<boolean> {
  const requestHeaders = await headers();
  const forwarded = requestHeaders.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (forwarded) return forwarded === 'https';
  return requestHeaders.get('origin')?.startsWith('https:') ?? false;
}

export async function readSessionToken(): Promise<string | null> {
  return (await cookies()).get(SESSION_COOKIE)?.value ?? null;
}

/** Keeps the token until the API says it expires (a Server Action or Route Handler only: cookies are written there). */
export async function storeSession(token: string, expiresAt: string): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: await servedOverHttps(),
    path: '/',
    expires: new Date(expiresAt),
  });
}

export async function clearSession(): Promise<void> {
  (await cookies()).delete(SESSION_COOKIE);
}
