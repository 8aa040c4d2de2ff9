/**
 * A small seeded PRNG (mulberry32) so every benchmark run rates the same synthetic data. Not for
 * anything but benchmarks and fixtures: 32 bits of state, fast, reproducible across Node versions.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Roughly normal (sum of three uniforms), mean 0, standard deviation 1. */
  normal(): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => (next() + next() + next() - 1.5) * 2, // variance of a uniform sum of 3 is 1/4
  };
}
