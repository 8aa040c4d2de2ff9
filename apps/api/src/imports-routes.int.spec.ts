import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStaffUser, systemActor } from '@ratings/core';
import { makePool } from '@ratings/core/testing';
import { startTestApi, type TestApi } from './testing/api-harness';

/** The real FIDE lines of libs/lists' fixtures. */
const COMBINED = readFileSync(
  join(__dirname, '../../../libs/lists/src/__fixtures__/fide-combined-players_list_foa-excerpt-meow-chess.txt'),
);

/** The parts of the answers the tests read. */
interface ReportBody {
  status: string;
  period: string;
  rows: number;
  created: number;
  matched: { byFideId: number };
  skipped: { count: number };
}
interface ErrorBody {
  errors: { message: string; extensions: { code: string; argument?: string } }[];
}

describe('POST /imports/lists: a rating-list file streamed in', () => {
  let api: TestApi;
  let officer: string;
  beforeAll(async () => {
    // A 1 MB limit, so that an oversized body is cheap to send.
    api = await startTestApi({ config: { maxListImportBytes: 1048576 } });
    const email = 'officer@federation.example';
    const password = 'correct horse battery staple';
    await createStaffUser(
      api.db,
      { email, displayName: 'Officer', role: 'RATING_OFFICER', password },
      systemActor('test'),
    );
    const signedIn = await api.gql<{ login: { token: string } }>(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      { e: email, p: password },
    );
    officer = signedIn.data!.login.token;
  });
  afterAll(() => api?.stop());

  const upload = (query: string, body: Uint8Array | string, token: string | null = officer) =>
    fetch(`${api.origin}/imports/lists?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });

  it('imports the FIDE lines and answers the report', async () => {
    const pool = await makePool(api.db);
    const response = await upload(`pool=${pool.code}&format=fide-txt&control=standard&effective=2026-10-01`, COMBINED);
    expect(response.status).toBe(200);
    const report = (await response.json()) as ReportBody;
    expect(report).toMatchObject({ status: 'IMPORTED', period: '2026-10', rows: 6 });
    expect(report.created + report.matched.byFideId + report.skipped.count).toBe(6);
    const [{ n }] = await api.db.query('SELECT count(*)::int AS n FROM rating_list_entries WHERE pool_id = $1', [
      pool.id,
    ]);
    expect(n).toBe(report.created);
  });

  it('refuses a body above the limit with 413 naming it, and writes nothing', async () => {
    const pool = await makePool(api.db);
    const response = await upload(`pool=${pool.code}&format=fide-txt&effective=2026-10-01`, 'x'.repeat(1048577));
    expect(response.status).toBe(413);
    const body = (await response.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ extensions: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(body.errors[0].message).toContain('1 MB (MAX_LIST_IMPORT_MB)');
    const [{ n }] = await api.db.query('SELECT count(*)::int AS n FROM rating_lists WHERE pool_id = $1', [pool.id]);
    expect(n).toBe(0);
  });

  it('names a missing parameter, and refuses anonymous callers', async () => {
    const missing = await upload('format=fide-txt', COMBINED);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'pool',
    });
    const anonymous = await upload('pool=standard&format=fide-txt', COMBINED, null);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as ErrorBody).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
