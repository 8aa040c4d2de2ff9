import { SeededRandom } from './random';
import { DEMO_POOL_PLANS, generateMonth, generatePlayers, playersOf, strengthAt } from './federation';
import { roundRobinPairings, newSwissState, swissRound } from './pairing';

describe('demo federation generator', () => {
  const players = generatePlayers(new SeededRandom(42), 2000, 2026, 24);

  it('builds the same federation from the same seed, and another from another seed', () => {
    const again = generatePlayers(new SeededRandom(42), 2000, 2026, 24);
    expect(again).toEqual(players);
    const other = generatePlayers(new SeededRandom(43), 2000, 2026, 24);
    expect(other.map((p) => p.surname)).not.toEqual(players.map((p) => p.surname));
  });

  it('gives unique national ids, both sexes, juniors and seniors, accented names', () => {
    expect(new Set(players.map((p) => p.nationalId)).size).toBe(players.length);
    const women = players.filter((p) => p.sex === 'F').length / players.length;
    expect(women).toBeGreaterThan(0.1);
    expect(women).toBeLessThan(0.25);
    const years = players.map((p) => Number(p.birthDate.slice(0, 4)));
    expect(years.some((y) => 2026 - y < 12)).toBe(true);
    expect(years.some((y) => 2026 - y >= 65)).toBe(true);
    expect(players.some((p) => /[éèêëàâîïôûùç]/i.test(p.surname))).toBe(true);
  });

  it('lets newcomers, mostly juniors, join over the months, and a few members stop playing', () => {
    const newcomers = players.filter((p) => p.joinMonth > 0);
    expect(newcomers.length / players.length).toBeGreaterThan(0.1);
    expect(newcomers.length / players.length).toBeLessThan(0.2);
    expect(Math.max(...newcomers.map((p) => p.joinMonth))).toBe(23);
    const juniorShare = (group: typeof players) =>
      group.filter((p) => 2026 - Number(p.birthDate.slice(0, 4)) < 20).length / group.length;
    expect(juniorShare(newcomers)).toBeGreaterThan(juniorShare(players.filter((p) => p.joinMonth === 0)) + 0.2);
    const stopping = players.filter((p) => p.lastMonth !== null);
    expect(stopping).toHaveLength(20);
    expect(stopping.every((p) => p.joinMonth === 0 && p.lastMonth! < 12)).toBe(true);
    const someone = stopping[0];
    expect(playersOf(players, someone.lastMonth!)).toContain(someone);
    expect(playersOf(players, someone.lastMonth! + 1)).not.toContain(someone);
    expect(playersOf(players, 0)).toHaveLength(players.length - newcomers.length);
  });

  it('gives titles only to strong FIDE-rated players, women titles to women', () => {
    const titled = players.filter((p) => p.titles.length > 0);
    expect(titled.length).toBeGreaterThan(5);
    for (const p of titled) {
      expect(p.fideId).not.toBeNull();
      expect(p.strength).toBeGreaterThanOrEqual(p.titles[0].startsWith('W') ? 2000 : 2200);
      if (p.titles[0].startsWith('W')) expect(p.sex).toBe('F');
    }
    expect(players.filter((p) => p.strength >= 2500 && p.fideId !== null).every((p) => p.titles[0] === 'GM')).toBe(
      true,
    );
  });

  it('scales the number of events with the players who may play, and dates every round within its event', () => {
    const standard = DEMO_POOL_PLANS[0];
    const few = generateMonth(new SeededRandom(3), players.slice(0, 250), standard, 2025, 3, 0);
    const many = generateMonth(new SeededRandom(3), players, standard, 2025, 3, 0);
    expect(few).toHaveLength(1);
    expect(many).toHaveLength(Math.round((standard.events.perThousandPlayers * players.length) / 1000));
    for (const t of many) {
      expect(t.name).toMatch(/ 2025$/);
      expect(t.games.every((g) => g.playedOn >= t.startDate && g.playedOn <= t.endDate)).toBe(true);
      expect(t.games.find((g) => g.round === 1)!.playedOn).toBe(t.startDate);
      expect(t.games.find((g) => g.round === t.rounds)!.playedOn).toBe(t.endDate);
    }
  });

  it('plays results that follow the hidden strengths', () => {
    const month = generateMonth(new SeededRandom(7), players, DEMO_POOL_PLANS[0], 2025, 3, 0);
    expect(month.length).toBeGreaterThan(0);
    const byKey = new Map(players.map((p) => [p.key, p]));
    let strongerScored = 0;
    let decided = 0;
    for (const t of month) {
      for (const g of t.games) {
        if (g.black === null || (g.result !== '1-0' && g.result !== '0-1')) continue;
        const whiteStronger = strengthAt(byKey.get(g.white)!, 0) > strengthAt(byKey.get(g.black)!, 0);
        decided++;
        if ((g.result === '1-0') === whiteStronger) strongerScored++;
      }
    }
    expect(decided).toBeGreaterThan(100);
    expect(strongerScored / decided).toBeGreaterThan(0.65);
  });

  it('never lets a player play twice in a round, nor in two events of the same pool and month', () => {
    for (const plan of DEMO_POOL_PLANS) {
      const month = generateMonth(new SeededRandom(11), players, plan, 2025, 6, 4);
      const seen = new Set<number>();
      for (const t of month) {
        for (const key of t.participants) {
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
        for (let round = 1; round <= t.rounds; round++) {
          const inRound = t.games
            .filter((g) => g.round === round)
            .flatMap((g) => (g.black === null ? [g.white] : [g.white, g.black]));
          expect(new Set(inRound).size).toBe(inRound.length);
        }
      }
    }
  });
});

describe('pairings', () => {
  it('round robin: everyone meets everyone exactly once, odd counts rest once', () => {
    for (const n of [6, 7, 10]) {
      const pairings = roundRobinPairings(n);
      const met = new Set<string>();
      for (const p of pairings.filter((x) => x.black !== null)) {
        const key = [p.white, p.black!].sort((a, b) => a - b).join('-');
        expect(met.has(key)).toBe(false);
        met.add(key);
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      const byes = pairings.filter((x) => x.black === null).map((x) => x.white);
      expect(byes.length).toBe(n % 2 === 0 ? 0 : n);
      expect(new Set(byes).size).toBe(byes.length);
    }
  });

  it('swiss: no rematch while one can be avoided, one bye per odd round to a new player', () => {
    const state = newSwissState(21);
    const all = Array.from({ length: 21 }, (_, i) => i);
    const met = new Set<string>();
    const byes: number[] = [];
    for (let round = 1; round <= 7; round++) {
      for (const p of swissRound(state, round, all)) {
        if (p.black === null) {
          byes.push(p.white);
          state.score[p.white] += 1;
          continue;
        }
        const key = [p.white, p.black].sort((a, b) => a - b).join('-');
        expect(met.has(key)).toBe(false);
        met.add(key);
        state.score[p.white] += 1; // white wins every game: a stress on score groups
      }
    }
    expect(byes.length).toBe(7);
    expect(new Set(byes).size).toBe(7);
  });
});
