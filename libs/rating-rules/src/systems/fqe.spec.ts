import fc from 'fast-check';
import { rateEvents } from '../rate-events';
import { after, changeOf, event, game, player, rateAgainst } from '../__fixtures__/builders';
import { fqe } from './fqe';

describe('fqe (the Quebec cote page)', () => {
  it('rates a tournament from the ratings at its start', () => {
    const players = [player('a', 1500), player('b', 1500), player('c', 1500)];
    const result = rateEvents('fqe', {}, players, [
      event('t', '2025-05-31', [
        game('a', 'b', 1, { round: 1 }),
        game('a', 'c', 1, { round: 2 }),
        game('b', 'c', 1, { round: 3 }),
      ]),
    ]);
    const rows = changeOf(result, 'a').gameRows;
    expect(rows.map((g) => g.opponentRating)).toEqual([1500, 1500]);
    expect(rows.map((g) => g.expected)).toEqual([0.5, 0.5]);
    // Δ = 32·(2 − 1) = 32 over 2 games: the bonus limit is 16 + 2·2 = 20, so 12 bonus points.
    expect(changeOf(result, 'a')).toEqual(expect.objectContaining({ change: 32, bonus: 12, k: 32 }));
    expect(after(result, 'a').rating).toBe(1544);
  });

  it('gives a newcomer the performance of all his games, the first-tournament rule once, then the permanent formula from game 25', () => {
    const first = rateAgainst('fqe', player('me', null, 0), [1000, 1000, 1000, 1000], [1, 1, 0, 0]);
    const me1 = after(first, 'me');
    expect(me1).toEqual(expect.objectContaining({ rating: 1100, games: 4, provisional: true }));
    expect(me1.carry).toEqual({ opponentRatingSum: 4000, winsMinusLosses: 0, tournaments: 1 });
    // Second tournament, again a 1000 performance: no half-gap any more, performance of all 8 games.
    const second = rateEvents(
      'fqe',
      {},
      [me1, player('o1', 1000), player('o2', 1000), player('o3', 1000), player('o4', 1000)],
      [event('t2', '2025-07-31', [game('me', 'o1', 1), game('me', 'o2', 1), game('me', 'o3', 0), game('me', 'o4', 0)])],
    );
    expect(after(second, 'me')).toEqual(expect.objectContaining({ rating: 1000, games: 8 }));
    // 20 games before, 5 in the tournament: the 25th game makes it permanent, from the provisional rating.
    const permanent = rateAgainst(
      'fqe',
      player('me', 1500, 20, { carry: { opponentRatingSum: 30000, winsMinusLosses: 0, tournaments: 3 } }),
      [1600, 1600, 1600, 1600, 1600],
      [1, 1, 1, 0, 0],
    );
    expect(after(permanent, 'me')).toEqual(
      expect.objectContaining({ rating: 1551, games: 25, provisional: false, carry: null }),
    );
    const stillProvisional = rateAgainst(
      'fqe',
      player('me', 1500, 20, { carry: { opponentRatingSum: 30000, winsMinusLosses: 0, tournaments: 3 } }),
      [1600, 1600, 1600, 1600],
      [1, 1, 1, 0],
    );
    expect(after(stillProvisional, 'me')).toEqual(
      expect.objectContaining({ rating: 1550, games: 24, provisional: true }),
    ); // (36400 + 400·2)/24
  });

  it('does not rate games between two newcomers, unless the pool gives newcomers a rating to count with', () => {
    const players = [player('n1', null, 0), player('n2', null, 0)];
    const events = [event('t', '2025-05-31', [game('n1', 'n2', 1)])];
    const unrated = rateEvents('fqe', {}, players, events);
    expect(unrated.changes).toEqual([]);
    expect(unrated.players.map((p) => p.rating)).toEqual([null, null]);
    const counted = rateEvents('fqe', { unratedOpponentRating: 1000 }, players, events);
    expect(counted.players.map((p) => p.rating)).toEqual([1400, 900]); // 1000 ± 400; the loser's 600 gets half the gap to 1200 back
  });

  it('counts a game against a newcomer for the newcomer only', () => {
    const result = rateEvents(
      'fqe',
      {},
      [player('r', 1800), player('n', null, 0)],
      [event('t', '2025-05-31', [game('r', 'n', 0)])],
    );
    expect(after(result, 'r')).toEqual(expect.objectContaining({ rating: 1800, games: 100 }));
    expect(after(result, 'n')).toEqual(expect.objectContaining({ rating: 2200, games: 1 }));
  });

  it('halves K strictly above 2200 (the pool may move the threshold)', () => {
    expect(changeOf(rateAgainst('fqe', player('me', 2200), [2200], [1]), 'me').k).toBe(32);
    expect(changeOf(rateAgainst('fqe', player('me', 2201), [2200], [1]), 'me').k).toBe(16);
    expect(changeOf(rateAgainst('fqe', player('me', 2200), [2200], [1], { halvedAbove: 2199 }), 'me').k).toBe(16);
  });

  it('for a permanent player a single win never lowers and a loss never raises; nothing goes below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (own, other) => {
        expect(after(rateAgainst('fqe', player('me', own), [other], [1]), 'me').rating).toBeGreaterThanOrEqual(own);
        const lost = after(rateAgainst('fqe', player('me', own), [other], [0]), 'me').rating as number;
        expect(lost).toBeLessThanOrEqual(own);
        expect(lost).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(fqe.isProvisional({ rating: 1500, games: 24 })).toBe(true);
    expect(fqe.isProvisional({ rating: 1500, games: 25 })).toBe(false);
  });
});
