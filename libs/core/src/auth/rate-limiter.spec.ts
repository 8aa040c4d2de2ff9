import { InMemoryRateLimiter } from './rate-limiter';

describe('InMemoryRateLimiter', () => {
  let now: number;
  let limiter: InMemoryRateLimiter;
  beforeEach(() => {
    now = 1_000_000;
    limiter = new InMemoryRateLimiter(() => now);
  });

  it('allows `limit` requests a minute, counting down what remains', async () => {
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit('key:1', 3));
    expect(decisions).toEqual([
      { allowed: true, limit: 3, remaining: 2, resetSeconds: 60 },
      { allowed: true, limit: 3, remaining: 1, resetSeconds: 60 },
      { allowed: true, limit: 3, remaining: 0, resetSeconds: 60 },
      { allowed: false, limit: 3, remaining: 0, resetSeconds: 60 },
    ]);
  });

  it('says how long until the window resets, and starts over after it', async () => {
    await limiter.hit('key:1', 1);
    now += 45_500;
    expect(await limiter.hit('key:1', 1)).toEqual({ allowed: false, limit: 1, remaining: 0, resetSeconds: 15 });
    now += 14_500;
    expect(await limiter.hit('key:1', 1)).toEqual({ allowed: true, limit: 1, remaining: 0, resetSeconds: 60 });
  });

  it('counts each key on its own', async () => {
    expect((await limiter.hit('key:1', 1)).allowed).toBe(true);
    expect((await limiter.hit('ip:203.0.113.9', 1)).allowed).toBe(true);
    expect((await limiter.hit('key:1', 1)).allowed).toBe(false);
  });

  it('does not count refused requests', async () => {
    await limiter.hit('key:1', 2);
    await limiter.hit('key:1', 2);
    await limiter.hit('key:1', 2);
    now += 60_000;
    expect(await limiter.hit('key:1', 2)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('forgets expired windows once many keys are tracked', async () => {
    for (let i = 0; i < 10_000; i++) await limiter.hit(`ip:${i}`, 5);
    now += 60_000;
    await limiter.hit('ip:new', 5);
    expect(limiter.size).toBe(1);
  });

  it('counts a costly hit as its cost, and refuses one the window cannot pay without counting it', async () => {
    expect(await limiter.hit('key:1', 10, 4)).toMatchObject({ allowed: true, remaining: 6 });
    expect(await limiter.hit('key:1', 10, 7)).toMatchObject({ allowed: false, remaining: 6 });
    expect(await limiter.hit('key:1', 10, 6)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.hit('key:1', 10)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('reads the window without counting when the cost is 0', async () => {
    await limiter.hit('key:1', 5, 3);
    expect(await limiter.hit('key:1', 5, 0)).toEqual({ allowed: true, limit: 5, remaining: 2, resetSeconds: 60 });
    expect(await limiter.hit('key:1', 5, 0)).toMatchObject({ remaining: 2 });
  });

  it('refuses a limit that is not a whole number ≥ 1, and a cost that is not a whole number ≥ 0', async () => {
    await expect(limiter.hit('key:1', 0)).rejects.toThrow('rate limit must be a whole number ≥ 1 (got 0)');
    await expect(limiter.hit('key:1', 5, -1)).rejects.toThrow('cost must be a whole number ≥ 0 (got -1)');
    await expect(limiter.hit('key:1', 5, 1.5)).rejects.toThrow('cost must be a whole number ≥ 0 (got 1.5)');
  });
});
