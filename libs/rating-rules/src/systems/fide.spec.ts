import fc from 'fast-check';
import { rateEvents } from '../rate-events';
import type { PlayerState, RatedGame, RatingEvent } from '../types';
import { after, changeOf, event, game, opponents, player } from '../__fixtures__/builders';
import { capDifference } from '../expectation';
import { fideScoringPercent } from '../fide-tables';
import { fide, fidePercent, FIDE_REGULATIONS } from './fide';

const rate = (players: readonly PlayerState[], events: readonly RatingEvent[], params = {}) =>
  rateEvents('fide', params, players, events);

describe('fide (FIDE B.02, 2024 and the 1 October 2025 amendment)', () => {
  describe('the 400-point rule, dated', () => {
    it.each([
      // date, 2750's change, 2750's new rating, 1800's change, 1800's new rating
      ['2025-09-30', -4.2, 2746, 8.4, 1808],
      ['2025-10-01', -5, 2745, 8.4, 1808],
    ])('on %s a 2750 drawing an 1800 changes by %d, the 1800 by %d', (date, highChange, highNew, lowChange, lowNew) => {
      const result = rate(
        [player('high', 2750, 100, { everReached2400: true }), player('low', 1800)],
        [event('t', date, [game('high', 'low', 0.5)])],
      );
      expect(changeOf(result, 'high').change).toBeCloseTo(highChange, 10);
      expect(changeOf(result, 'low').change).toBeCloseTo(lowChange, 10);
      expect([after(result, 'high').rating, after(result, 'low').rating]).toEqual([highNew, lowNew]);
    });

    it('is the system’s expected score by date', () => {
      expect(fide.expectedScore(2750, 1800, { date: '2025-09-30' })).toBe(0.92);
      expect(fide.expectedScore(2750, 1800, { date: '2025-10-01' })).toBe(1);
      expect(fide.expectedScore(1800, 2750, { date: '2025-10-01' })).toBe(0.08);
    });
  });

  describe('K', () => {
    it.each([
      ['2026-12-31', 2000, 40],
      ['2027-01-31', 2000, 20],
      ['2026-12-31', 2300, 20],
    ])(
      'a player born in 2008 rated on %s at %d has K %d (junior until the end of the year he turns 18, under 2300)',
      (date, rating, k) => {
        const result = rate(
          [player('junior', rating, 100, { birthYear: 2008 }), player('x', rating)],
          [event('t', date, [game('junior', 'x', 1)])],
        );
        expect(changeOf(result, 'junior').k).toBe(k);
      },
    );

    it('keeps K × games of the period ≤ 700 (new player, K 40, 20 games → 35), over the whole period', () => {
      const games = (from: number): RatedGame[] =>
        Array.from({ length: 10 }, (_, i) => game('new', `o${from + i}`, 0.5));
      const result = rate(
        [player('new', 1600, 10), ...opponents(Array.from({ length: 20 }, () => 1600))],
        [event('t1', '2025-06-10', games(1)), event('t2', '2025-06-25', games(11))],
      );
      expect(result.changes.filter((c) => c.playerId === 'new').map((c) => c.k)).toEqual([35, 35]);
      expect(after(result, 'new')).toEqual(expect.objectContaining({ k: 35, games: 30 }));
    });

    it('gives K 10 for ever once a published rating reached 2400', () => {
      const up = rate([player('p', 2390), player('x', 2600)], [event('t', '2025-06-30', [game('p', 'x', 1)])]);
      expect(after(up, 'p')).toEqual(expect.objectContaining({ rating: 2405, everReached2400: true, k: 20 })); // 20·(1 − .23)
      const down = rate(
        [{ ...after(up, 'p'), rating: 2395 }, player('x', 2395)],
        [event('t', '2025-07-31', [game('p', 'x', 0)])],
      );
      expect(changeOf(down, 'p').k).toBe(10);
    });
  });

  it('fidePercent is table 8.1.2 of the capped difference (uncapped from 2650 under the 2025 rule), whole or fractional', () => {
    const rating = fc.oneof(fc.integer({ min: 0, max: 3400 }), fc.double({ min: 0, max: 3400, noNaN: true }));
    fc.assert(
      fc.property(rating, rating, fc.constantFrom(...FIDE_REGULATIONS), (own, opponent, regulation) => {
        const exempt = own >= (regulation.capExemptRating ?? Infinity);
        expect(fidePercent(own, opponent, regulation)).toBe(
          fideScoringPercent(exempt ? own - opponent : capDifference(own - opponent)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds the change once per period: two +0.4 events in one period make +1, in two periods nothing', () => {
    const players = [player('p', 2000), player('x', 2014)];
    const twoEvents = (secondDate: string) => [
      event('t1', '2025-06-10', [game('p', 'x', 0.5)]),
      event('t2', secondDate, [game('p', 'x', 0.5)]),
    ];
    const onePeriod = rate(players, twoEvents('2025-06-20'));
    expect(onePeriod.changes.filter((c) => c.playerId === 'p').map((c) => c.change)).toEqual([0.4, 0.4]);
    expect(after(onePeriod, 'p').rating).toBe(2001);
    expect(after(rate(players, twoEvents('2025-07-20')), 'p').rating).toBe(2000);
  });

  it('does not depend on the order of the games inside a period', () => {
    const ratings = fc.array(fc.integer({ min: 1400, max: 2800 }), { minLength: 3, maxLength: 6 });
    fc.assert(
      fc.property(
        ratings,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(0, 0.5, 1 as const)), { minLength: 1, maxLength: 25 }),
        fc.nat(),
        (rs, pairs, seed) => {
          const players = rs.map((r, i) => player(`p${i}`, r, 50));
          const games = pairs
            .map(([a, b, s]) => [a % rs.length, b % rs.length, s] as const)
            .filter(([a, b]) => a !== b)
            .map(([a, b, s]) => game(`p${a}`, `p${b}`, s as 0 | 0.5 | 1));
          const shuffled = [...games].sort(
            (x, y) => ((games.indexOf(x) * 7919 + seed) % 101) - ((games.indexOf(y) * 7919 + seed) % 101),
          );
          const split = Math.floor(shuffled.length / 2);
          const inOrder = rate(players, [event('t1', '2025-06-10', games)]);
          const otherOrder = rate(players, [
            event('a', '2025-06-05', shuffled.slice(0, split)),
            event('b', '2025-06-28', shuffled.slice(split)),
          ]);
          expect(otherOrder.players).toEqual(inOrder.players);
        },
      ),
    );
  });

  describe('initial ratings', () => {
    it('disregards a zero score in the first event', () => {
      const result = rate(
        [player('new', null, 0), ...opponents([1800, 1800, 1800, 1800, 1800, 1800, 1800, 1800])],
        [
          event('t1', '2025-05-31', [game('new', 'o1', 0), game('new', 'o2', 0), game('new', 'o3', 0)]),
          event(
            't2',
            '2025-06-30',
            ['o4', 'o5', 'o6', 'o7', 'o8'].map((o) => game('new', o, 1)),
          ),
        ],
      );
      expect(after(result, 'new')).toEqual(
        expect.objectContaining({ rating: 2109, games: 5, listed: true, carry: null }),
      );
    });

    it.each([
      // months between the first and the last period, published?
      ['2026-04-30', 2109, true],
      ['2026-05-31', null, false],
    ])('pools periods over at most 26 months (second event on %s)', (date, rating, listed) => {
      const result = rate(
        [player('new', null, 0), ...opponents([1800, 1800, 1800, 1800, 1800])],
        [
          event('t1', '2024-03-31', [game('new', 'o1', 1), game('new', 'o2', 1), game('new', 'o3', 1)]),
          event('t2', date, [game('new', 'o4', 1), game('new', 'o5', 1)]),
        ],
      );
      expect(after(result, 'new')).toEqual(expect.objectContaining({ rating, listed }));
    });

    it('publishes only with 5 games against rated opponents and a rating of at least 1400, keeping the pool in the carry', () => {
      const four = rate(
        [player('new', null, 0), ...opponents([1800, 1800, 1800, 1800])],
        [
          event(
            't',
            '2025-06-30',
            ['o1', 'o2', 'o3', 'o4'].map((o) => game('new', o, 1)),
          ),
        ],
      );
      expect(after(four, 'new')).toEqual(
        expect.objectContaining({
          rating: null,
          listed: false,
          games: 4,
          carry: { firstEventSeen: true, pool: [{ month: '2025-06', games: 4, score: 4, opponentRatingSum: 7200 }] },
        }),
      );
      const weak = rate(
        [player('new', null, 0), ...opponents([1400, 1400, 1400, 1400, 1400, 1400])],
        [
          event(
            't',
            '2025-06-30',
            ['o1', 'o2', 'o3', 'o4', 'o5', 'o6'].map((o, i) => game('new', o, i === 0 ? 1 : 0)),
          ),
        ],
      );
      expect(changeOf(weak, 'new').ratingAfter).toBeNull();
      expect(after(weak, 'new').listed).toBe(false);
    });

    it('counts games against an unrated player only towards his initial rating', () => {
      const result = rate(
        [player('r', 1800), player('new', null, 0)],
        [event('t', '2025-06-30', [game('r', 'new', 0)])],
      );
      expect(after(result, 'r')).toEqual(expect.objectContaining({ rating: 1800, games: 100 }));
      expect(result.changes.map((c) => c.playerId)).toEqual(['new']);
      expect(changeOf(result, 'new').gameRows).toEqual([
        expect.objectContaining({ opponentRating: 1800, expected: null, change: null }),
      ]);
    });
  });

  describe('below 1400 a player leaves the list and is unrated from then on (B.02 §7.2.1)', () => {
    it('his change of the period is shown, then he is unrated with an empty pool for a new initial rating', () => {
      const result = rate(
        [player('p', 1405, 100), player('x', 1405, 100)],
        [event('t', '2025-06-30', [game('p', 'x', 0)])],
      );
      expect(changeOf(result, 'p')).toEqual(expect.objectContaining({ ratingBefore: 1405, ratingAfter: 1395, k: 20 }));
      expect(after(result, 'p')).toEqual(
        expect.objectContaining({ rating: null, listed: false, games: 101, carry: { firstEventSeen: true, pool: [] } }),
      );
      expect(after(result, 'x')).toEqual(expect.objectContaining({ rating: 1415, listed: true }));
    });

    it('his later win over a 2000 changes neither rating: it counts towards his new initial rating only', () => {
      // June: two losses to an equal take him from 1410 to 1390; July: he beats the 2000.
      const fell = rate(
        [player('p', 1410, 100), player('x', 1410, 100), player('strong', 2000, 100)],
        [
          event('june', '2025-06-30', [game('p', 'x', 0), game('p', 'x', 0)]),
          event('july', '2025-07-31', [game('p', 'strong', 1)]),
        ],
      );
      const june = fell.changes.find((c) => c.playerId === 'p' && c.eventId === 'june');
      expect(june?.ratingAfter).toBe(1390);
      const july = fell.changes.find((c) => c.playerId === 'p' && c.eventId === 'july');
      expect(july).toEqual(expect.objectContaining({ ratingBefore: null, ratingAfter: null, k: null }));
      expect(after(fell, 'strong').rating).toBe(2000);
      expect(fell.changes.some((c) => c.playerId === 'strong')).toBe(false);
      expect(after(fell, 'p')).toEqual(
        expect.objectContaining({
          rating: null,
          carry: { firstEventSeen: true, pool: [{ month: '2025-07', games: 1, score: 1, opponentRatingSum: 2000 }] },
        }),
      );
    });

    it('a rating below 1400 given as input (an old list) is unrated too, whether he plays or not', () => {
      const result = rate(
        [player('old', 1300, 50), player('idle', 1200, 50), player('x', 1800, 100)],
        [event('t', '2025-06-30', [game('old', 'x', 1)])],
      );
      expect(after(result, 'old')).toEqual(expect.objectContaining({ rating: null, listed: false }));
      expect(after(result, 'idle')).toEqual(expect.objectContaining({ rating: null, listed: false }));
      expect(after(result, 'x').rating).toBe(1800);
    });
  });

  it('never lets a single win lower nor a single loss raise a rating', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1400, max: 2900 }),
        fc.integer({ min: 1400, max: 2900 }),
        fc.constantFrom('2025-01-31', '2025-12-31'),
        (own, other, date) => {
          const win = rate([player('me', own), player('x', other)], [event('t', date, [game('me', 'x', 1)])]);
          const loss = rate([player('me', own), player('x', other)], [event('t', date, [game('me', 'x', 0)])]);
          expect(changeOf(win, 'me').ratingAfter).toBeGreaterThanOrEqual(own);
          expect(changeOf(loss, 'me').ratingAfter).toBeLessThanOrEqual(own); // below 1400 he is then unrated
        },
      ),
    );
  });
});
