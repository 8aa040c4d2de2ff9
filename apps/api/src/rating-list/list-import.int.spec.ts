import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey, createStaffUser, systemActor } from '@ratings/core';
import { makePool } from '@ratings/core/testing';
import { startTestApi, type TestApi } from '../testing/api-harness';

/** The real FIDE lines of libs/lists' fixtures. */
const COMBINED = readFileSync(
  join(__dirname, '../../../../libs/lists/src/__fixtures__/fide-combined-players_list_foa-excerpt-meow-chess.txt'),
  'latin1',
);
const IMPORT = `mutation($pool: String!, $format: ListFormat!, $content: String!, $control: RatingControl, $effective: String) {
  importRatingList(pool: $pool, format: $format, content: $content, control: $control, effective: $effective) {
    status period rows created matched { byFideId byNationalId byNameBirth } skipped { count lines { line reason } } conflicting { count } } }`;

describe('the importRatingList mutation', () => {
  let api: TestApi;
  let officer: string;
  beforeAll(async () => {
    api = await startTestApi();
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
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it('imports the FIDE lines for a rating officer', async () => {
    const pool = await makePool(api.db);
    const answer = await api.gql<{ importRatingList: any }>(
      IMPORT,
      { pool: pool.code, format: 'FIDE_TXT', content: COMBINED, control: 'BLITZ', effective: '2026-10-01' },
      as(officer),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.importRatingList).toEqual({
      status: 'IMPORTED',
      period: '2026-10',
      rows: 6,
      created: 5,
      matched: { byFideId: 0, byNationalId: 0, byNameBirth: 0 },
      skipped: { count: 1, lines: [{ line: 2, reason: 'not rated (blitz)' }] },
      conflicting: { count: 0 },
    });
  });

  it('refuses a bad file with BAD_USER_INPUT naming line and column, anonymous callers and API keys', async () => {
    const pool = await makePool(api.db);
    const variables = {
      pool: pool.code,
      format: 'FIDE_TXT',
      content: COMBINED.replace('2823', '9823'),
      effective: '2026-10-01',
    };
    const bad = await api.gql(IMPORT, variables, as(officer));
    expect(bad.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'content',
      line: 4,
      column: 114,
      field: 'SRtng',
    });
    const format = await api.gql(IMPORT, { ...variables, format: 'pdf' }, as(officer));
    expect(format.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'format' });
    expect((await api.gql(IMPORT, variables)).errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const key = (await createApiKey(api.db, { name: 'Press', quotaPerMinute: 100 }, systemActor('test'))).secret;
    expect((await api.gql(IMPORT, variables, as(key))).errors![0].extensions!.code).toBe('FORBIDDEN');
  });
});
