import { createStaffUser, listAuditEvents, systemActor } from '@ratings/core';
import { readApiConfig } from './config';
import { startTestApi, type TestApi } from './testing/api-harness';

/** A small quota, and no exempt address: the tests' own loopback requests are counted. */
const QUOTA = { anonymousPerMinute: 3, rateLimitExemptIps: new Set<string>() };
const QUERY = JSON.stringify({ query: '{ pools { code } }' });

/** One anonymous request with the given X-Forwarded-For; its status and the quota it left. */
async function hit(api: TestApi, forwardedFor: string) {
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: QUERY,
  });
  await response.arrayBuffer();
  return { status: response.status, remaining: response.headers.get('ratelimit-remaining') };
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, reads addresses, subnets and names, and refuses anything else by name', () => {
    expect(readApiConfig({}).trustProxy).toEqual([]);
    expect(readApiConfig({ TRUST_PROXY: ' 10.0.0.0/8, loopback ,2001:db8::1 ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '2001:db8::1',
    ]);
    expect(() => readApiConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY must list addresses, subnets or loopback, linklocal, uniquelocal: invalid IP address: true',
    );
  });
});

describe('with the default settings', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { ...readApiConfig({}), host: '127.0.0.1', ...QUOTA } });
  });
  afterAll(() => api?.stop());

  it('ignores X-Forwarded-For: every spoofed address counts against the socket address’s quota', async () => {
    const answers = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      answers.push(await hit(api, spoofed));
    }
    expect(answers).toEqual([
      { status: 200, remaining: '2' },
      { status: 200, remaining: '1' },
      { status: 200, remaining: '0' },
      { status: 429, remaining: '0' },
    ]);
  });
});

describe('behind a proxy named in TRUST_PROXY', () => {
  const PASSWORD = 'correct horse battery staple';
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      config: { ...readApiConfig({ TRUST_PROXY: 'loopback' }), host: '127.0.0.1', ...QUOTA },
    });
    await createStaffUser(
      api.db,
      { email: 'officer@federation.example', displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
      systemActor('test'),
    );
  });
  afterAll(() => api?.stop());

  it('believes the address the proxy gives: each client has its own quota', async () => {
    expect(await hit(api, '198.51.100.1')).toEqual({ status: 200, remaining: '2' });
    expect(await hit(api, '198.51.100.2')).toEqual({ status: 200, remaining: '2' });
    expect(await hit(api, '203.0.113.9, 198.51.100.2')).toEqual({ status: 200, remaining: '1' });
  });

  it('counts whatever is not an IP address as one unknown client', async () => {
    expect(await hit(api, '<script>alert(1)</script>')).toEqual({ status: 200, remaining: '2' });
    expect(await hit(api, "1.2.3.4'; DROP TABLE players; --")).toEqual({ status: 200, remaining: '1' });
  });

  it('records a valid address in the audit trail, and anything else as an unknown address', async () => {
    const failLogin = (forwardedFor: string) =>
      api.gql(
        'mutation($e: String!) { login(email: $e, password: "not the password at all") { token } }',
        { e: 'officer@federation.example' },
        { 'x-forwarded-for': forwardedFor },
      );
    expect((await failLogin('2001:db8::7')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await failLogin('<img src=x onerror=alert(1)>')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const events = await listAuditEvents(api.db, { action: 'failLogin' });
    expect(events.map((event) => event.actorLabel)).toEqual(['login from unknown address', 'login from 2001:db8::7']);
  });
});
