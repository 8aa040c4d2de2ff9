import fc from 'fast-check';
import { calculateGame } from '../calculator';
import { rateEvents } from '../rate-events';
import type { RatedGame } from '../types';
import { after, changeOf, event, game, player } from '../__fixtures__/builders';

describe('elo: the calculator applied game after game', () => {
  // Golden table (the Elo calculator page’s formula, K 32): each game sees the ratings the previous one left.
  it('chains games in play order: event, round, board, input order', () => {
    const players = [player('a', 1500), player('b', 1500), player('c', 1600)];
    const games: RatedGame[] = [game('a', 'c', 0.5, { round: 2, board: 1 }), game('a', 'b', 1, { round: 1, board: 1 })];
    const result = rateEvents('elo', {}, players, [event('t', '2025-03-01', games)]);
    const first = calculateGame({ rating: 1500, opponent: 1500, score: 1, k: 32 });
    const second = calculateGame({ rating: first.newRating, opponent: 1600, score: 0.5, k: 32 });
    expect(first.newRating).toBe(1516);
    expect(after(result, 'a').rating).toBe(second.newRating);
    expect(after(result, 'b').rating).toBe(first.opponentNewRating);
    expect(after(result, 'c').rating).toBe(second.opponentNewRating);
    const change = changeOf(result, 'a');
    expect(change).toEqual(
      expect.objectContaining({
        ratingBefore: 1500,
        ratingAfter: second.newRating,
        games: 2,
        score: 1.5,
        k: 32,
        change: second.newRating - 1500,
      }),
    );
    // Game rows come in input order; their change is the one the game made when it was played.
    expect(change.gameRows.map((g) => [g.gameIndex, g.round, g.opponentRating, g.change])).toEqual([
      [0, 2, 1600, second.changeRounded],
      [1, 1, 1500, 16],
    ]);
  });

  it('starts an unrated player from initialRating', () => {
    const result = rateEvents(
      'elo',
      { initialRating: 1200 },
      [player('new', null, 0), player('b', 1200)],
      [event('t', '2025-03-01', [game('new', 'b', 1)])],
    );
    expect(after(result, 'new')).toEqual(
      expect.objectContaining({ rating: 1216, games: 1, k: 32, listed: true, provisional: false }),
    );
    expect(changeOf(result, 'new').ratingBefore).toBeNull();
  });

  const tournament = fc
    .tuple(
      fc.array(fc.integer({ min: 1000, max: 2800 }), { minLength: 2, maxLength: 8 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(0, 0.5, 1 as const)), { minLength: 1, maxLength: 30 }),
    )
    .map(([ratings, pairs]) => ({
      players: ratings.map((r, i) => player(`p${i}`, r)),
      games: pairs
        .map(([a, b, s]) => [a % ratings.length, b % ratings.length, s] as const)
        .filter(([a, b]) => a !== b)
        .map(([a, b, s]) => game(`p${a}`, `p${b}`, s as 0 | 0.5 | 1)),
    }));

  it('is zero-sum with one K away from the floor: the sum of ratings never changes', () => {
    fc.assert(
      fc.property(tournament, ({ players, games }) => {
        const result = rateEvents('elo', { k: 24 }, players, [event('t', '2025-03-01', games)]);
        const sum = (list: readonly { rating: number | null }[]) =>
          list.reduce((total, p) => total + (p.rating as number), 0);
        expect(sum(result.players)).toBe(sum(players));
      }),
    );
  });

  it('never goes below the floor of 0', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 2, maxLength: 4 }), (ratings) => {
        const players = ratings.map((r, i) => player(`p${i}`, r));
        const games = ratings.flatMap((_, i) => (i === 0 ? [] : [game('p0', `p${i}`, 0), game(`p${i}`, 'p0', 1)]));
        const result = rateEvents('elo', { k: 40 }, players, [event('t', '2025-03-01', games)]);
        result.players.forEach((p) => expect(p.rating).toBeGreaterThanOrEqual(0));
      }),
    );
  });
});
