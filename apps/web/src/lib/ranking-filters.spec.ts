import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { currentFilterValues, FILTER_VALUES_TTL_MS, filterSets, knownValues } from './ranking-filters';

const answer = {
  pools: [
    { code: 'standard', categories: [{ code: 'GM' }, { code: 'C' }], federations: ['CAN', 'FRA'], clubs: ['Le Fou'] },
    { code: 'rapid', categories: [{ code: 'A' }], federations: [], clubs: [] },
  ],
};

describe('knownValues', () => {
  const known = knownValues(filterSets(answer));

  it('knows each pool’s categories, federations and clubs, and the schema’s sexes and age groups', () => {
    expect(known('standard', 'category', 'GM')).toBe(true);
    expect(known('standard', 'federation', 'FRA')).toBe(true);
    expect(known('standard', 'club', 'Le Fou')).toBe(true);
    expect(known('standard', 'sex', 'F')).toBe(true);
    expect(known('rapid', 'age', 'U12')).toBe(true);
  });

  it('knows nothing else', () => {
    expect(known('rapid', 'category', 'GM')).toBe(false);
    expect(known('standard', 'club', 'le fou')).toBe(false);
    expect(known('standard', 'sex', 'X')).toBe(false);
    expect(known('standard', 'age', 'U13')).toBe(false);
    expect(known('blitz', 'sex', 'F')).toBe(false);
  });
});

describe('currentFilterValues', () => {
  let server: Server;
  let url: string;
  let requests = 0;
  let down = false;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests++;
      if (down) {
        response.writeHead(502).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: answer }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks the API at most once per period, then again', async () => {
    const start = 1_000_000_000;
    const first = await currentFilterValues(url, start);
    expect(first('standard', 'category', 'C')).toBe(true);
    await currentFilterValues(url, start + FILTER_VALUES_TTL_MS - 1);
    expect(requests).toBe(1);
    await currentFilterValues(url, start + FILTER_VALUES_TTL_MS);
    expect(requests).toBe(2);
  });

  it('knows no value while the API is down, and asks again on the next call', async () => {
    down = true;
    const later = 2_000_000_000;
    const none = await currentFilterValues(url, later);
    expect(none('standard', 'category', 'GM')).toBe(false);
    down = false;
    const back = await currentFilterValues(url, later + 1);
    expect(back('standard', 'category', 'GM')).toBe(true);
    expect(requests).toBe(4);
  });
});
