import RouteCacheHandler from '../../cache-handler';

/** A kept page as Next.js files it: HTML, RSC payload, and its tags in the `x-next-cache-tags` header. */
const page = (tags: string[], bytes = 1000) => ({
  kind: 'APP_PAGE',
  html: 'x'.repeat(bytes),
  rscData: Buffer.alloc(bytes),
  headers: { 'x-next-cache-tags': tags.join(',') },
  status: 200,
});
const answer = (data: string) => ({
  kind: 'FETCH',
  data: { body: data, headers: {}, status: 200, url: '' },
  revalidate: 3600,
});

describe('the route cache handler', () => {
  it('keeps pages and answers until one of their tags is revalidated', async () => {
    const cache = new RouteCacheHandler({ maxBytes: 1_000_000 });
    await cache.set('/fr/players/42', page(['player:42', 'players', '_N_T_/fr/players/42']), {});
    await cache.set('/fr/rankings/standard', page(['rankings', 'lists']), {});
    await cache.set('answer-1', answer('{"pools":[]}'), { tags: ['pools', 'lists'] });
    expect((await cache.get('/fr/players/42', {}))?.value.status).toBe(200);

    await cache.revalidateTag(['player:42']);
    expect(await cache.get('/fr/players/42', {})).toBeNull();
    expect(await cache.get('/fr/rankings/standard', {})).not.toBeNull();

    await cache.revalidateTag('lists');
    expect(await cache.get('/fr/rankings/standard', {})).toBeNull();
    expect(await cache.get('answer-1', { tags: ['pools', 'lists'] })).toBeNull();
    expect(cache.usage().entries).toBe(0);
  });

  it('does not serve an answer filed before its page’s own tag was revalidated', async () => {
    const cache = new RouteCacheHandler({ maxBytes: 1_000_000 });
    await cache.set('answer-2', answer('{}'), { tags: ['players'] });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await cache.revalidateTag('_N_T_/fr/players/7');
    expect(await cache.get('answer-2', { tags: ['players'], softTags: ['_N_T_/fr/players/7'] })).toBeNull();
  });

  it('holds at most its bound: a crawler over ids evicts the least recently read pages', async () => {
    const cache = new RouteCacheHandler({ maxBytes: 50_000 });
    await cache.set('/fr/players/1', page(['players']), {});
    for (let id = 2; id <= 1000; id++) {
      await cache.get('/fr/players/1', {});
      await cache.set(`/fr/players/${id}`, page(['players']), {});
    }
    const { entries, bytes } = cache.usage();
    expect(bytes).toBeLessThanOrEqual(50_000);
    expect(entries).toBeLessThan(30);
    expect(await cache.get('/fr/players/1', {})).not.toBeNull();
    expect(await cache.get('/fr/players/2', {})).toBeNull();
  });

  it('refuses a bound that is no positive number', () => {
    const previous = process.env.CACHE_MAX_MB;
    process.env.CACHE_MAX_MB = 'lots';
    try {
      expect(() => new RouteCacheHandler({ maxBytes: undefined, reset: true })).toThrow(/CACHE_MAX_MB/);
    } finally {
      process.env.CACHE_MAX_MB = previous;
    }
  });
});
