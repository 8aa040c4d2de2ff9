import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import type { TypedDocumentString } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { apiUrl, postGraphQL, type Variables } from '../api';
import { ApiGraphQLError, ApiUnavailableError } from '../api-error';
import { PUBLIC_PATH_HEADER, safeReturnPath } from './paths';
import { readSessionToken } from './session';

/**
 * The staff console's door to the API: every request carries the signed-in member's token and nothing is
 * cached (each answer is for one person, and is about data being changed). Pages read with `staffPageQuery`;
 * Server Actions write with `staffMutation`, which turns the API's refusals into a result the form shows.
 */

/** A rating run or a large TRF import can take a while on a big federation; a page read should not. */
const STAFF_MUTATION_TIMEOUT_MS = 120_000;

/** No session, or one the API no longer accepts (expired, signed out, account deactivated). */
export class StaffSessionExpiredError extends Error {
  override readonly name = 'StaffSessionExpiredError';
}

async function callStaffApi<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
  timeoutMs?: number,
): Promise<TData> {
  const token = await readSessionToken();
  if (token === null) throw new StaffSessionExpiredError('not signed in');
  try {
    return await postGraphQL(apiUrl(), document, variables, timeoutMs, token);
  } catch (error) {
    if (error instanceof ApiGraphQLError && error.hasCode('UNAUTHENTICATED'))
      throw new StaffSessionExpiredError(error.message, { cause: error });
    throw error;
  }
}

/** The sign-in page's address, saying why the user is there and where to come back to. */
export function signInHref(locale: Locale, options: { expired?: boolean; next?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.expired) query.set('reason', 'expired');
  if (options.next) query.set('next', options.next);
  const search = query.toString();
  return `${pageHrefs.staff(locale, 'sign-in')}${search ? `?${search}` : ''}`;
}

/**
 * Reads the API for a console page, rendered per request. A missing or refused session sends the user to
 * sign in, with the page to come back to; `expired` says whether there was a session to lose.
 */
export async function staffPageQuery<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
  locale: Locale,
): Promise<TData> {
  await connection();
  try {
    return await callStaffApi(document, variables);
  } catch (error) {
    if (!(error instanceof StaffSessionExpiredError)) throw error;
    const next = safeReturnPath((await headers()).get(PUBLIC_PATH_HEADER)) ?? undefined;
    redirect(signInHref(locale, { expired: (await readSessionToken()) !== null, next }));
  }
}

/** What a console form shows after its Server Action ran. */
export type MutationResult<T> =
  | { status: 'ok'; data: T }
  | { status: 'session-expired' }
  /** The API refused: its message (English), its code and, for bad input, the argument at fault. */
  | { status: 'refused'; code: string | null; message: string; argument: string | null }
  | { status: 'unavailable' };

/** Runs a mutation for a Server Action; every failure the user can act on comes back as a result, not a throw. */
export async function staffMutation<TData, TVariables extends Variables>(
  document: TypedDocumentString<TData, TVariables>,
  variables: TVariables,
): Promise<MutationResult<TData>> {
  try {
    return { status: 'ok', data: await callStaffApi(document, variables, STAFF_MUTATION_TIMEOUT_MS) };
  } catch (error) {
    if (error instanceof StaffSessionExpiredError) return { status: 'session-expired' };
    if (error instanceof ApiUnavailableError) return { status: 'unavailable' };
    if (error instanceof ApiGraphQLError) {
      const [first] = error.errors;
      return {
        status: 'refused',
        code: first?.code ?? null,
        message: error.errors.map((entry) => entry.message).join('; '),
        argument: first?.argument ?? null,
      };
    }
    throw error;
  }
}
