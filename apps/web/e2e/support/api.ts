/**
 * The hook for the GraphQL API. The API is still being written (issue #5), so for now the site is
 * pointed at an address where nothing listens: every API read fails the way an outage does, which is
 * what `components.e2e.ts` checks.
 *
 * When apps/api has a start command, start it here instead (on a free port, against a fresh database
 * seeded by the CLI), return its URL as `url` and stop it in `stop`; `global-setup.ts` passes `url` to
 * `next start` as API_URL and `global-teardown.ts` calls `stop`.
 */
export interface ApiHandle {
  url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on: 9 is the discard service, never run on these machines. */
const UNREACHABLE_API_URL = 'http://127.0.0.1:9/graphql';

export async function startApi(): Promise<ApiHandle> {
  return { url: UNREACHABLE_API_URL, stop: async () => undefined };
}
