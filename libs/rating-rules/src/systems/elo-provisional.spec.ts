import fc from 'fast-check';
import { rateEvents } from '../rate-events';
import type { PlayerState } from '../types';
import { after, changeOf, event, game, gamesAgainstOpponents, opponents, player } from '../__fixtures__/builders';
import { eloProvisional } from './elo-provisional';

const oneGame = (me: PlayerState, opponent: PlayerState, score: 0 | 0.5 | 1, params = {}) =>
  rateEvents('elo-provisional', params, [me, opponent], [event('t', '2025-01-31', [game(me.id, opponent.id, score)])]);

/** A provisional player whose sums give exactly `rating` after `games` games (W − L = 0). */
const provisional = (rating: number, games: number): PlayerState =>
  player('me', rating, games, { carry: { opponentRatingSum: rating * games, winsMinusLosses: 0 } });

describe('elo-provisional (the federation’s Elo page)', () => {
  it('"above 719 points a win by the stronger changes nothing" holds for K = 32 (d ≥ 720), not below', () => {
    fc.assert(
      fc.property(fc.integer({ min: 720, max: 1500 }), fc.integer({ min: 1, max: 719 }), (far, near) => {
        expect(after(oneGame(player('me', 2000), player('x', 2000 - far), 1), 'me').rating).toBe(2000);
        expect(after(oneGame(player('me', 2000), player('x', 2000 - near), 1), 'me').rating).toBeGreaterThan(2000);
      }),
      { numRuns: 40 },
    );
  });

  it('"beating someone more than 400 below you lowers a provisional rating" (and 400 exactly does not)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 2400 }),
        fc.integer({ min: 1, max: 19 }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        (rating, games, share) => {
          const opponent = Math.floor((rating - 401) * share);
          const next = after(oneGame(provisional(rating, games), player('x', opponent), 1, { rounding: 'none' }), 'me')
            .rating as number;
          expect(next).toBeLessThan(rating);
        },
      ),
    );
    expect(after(oneGame(provisional(1620, 10), player('x', 1220), 1), 'me').rating).toBe(1620);
  });

  it('is provisional for 20 games: game 20 by the performance formula, game 21 by K·(R − E)', () => {
    const at19 = provisional(1500, 19);
    const twentieth = oneGame(at19, player('x', 1500), 1);
    expect(after(twentieth, 'me')).toEqual(
      expect.objectContaining({ rating: 1520, games: 20, provisional: false, carry: null, k: null }),
    );
    const twentyFirst = oneGame({ ...after(twentieth, 'me') }, player('x', 1500), 1);
    expect(after(twentyFirst, 'me')).toEqual(expect.objectContaining({ rating: 1535, games: 21, k: 32 })); // 1520 vs 1500: 32·(1 − .529) = 15.1
    expect(eloProvisional.isProvisional({ rating: 1500, games: 19 })).toBe(true);
    expect(eloProvisional.isProvisional({ rating: 1500, games: 20 })).toBe(false);
  });

  it('hands back a carry that continues the sums exactly as one long run would', () => {
    const ratings = [1500, 1600, 1400, 1550, 1450, 1700];
    const scores = [1, 0, 0.5, 1, 1, 0] as const;
    const all = rateEvents(
      'elo-provisional',
      {},
      [player('me', null, 0), ...opponents(ratings)],
      [event('t1', '2025-01-31', gamesAgainstOpponents('me', scores))],
    );
    const firstHalf = rateEvents(
      'elo-provisional',
      {},
      [player('me', null, 0), ...opponents(ratings)],
      [event('t1', '2025-01-31', gamesAgainstOpponents('me', scores.slice(0, 3)))],
    );
    const secondHalf = rateEvents(
      'elo-provisional',
      {},
      [after(firstHalf, 'me'), ...firstHalf.players.slice(1)],
      [event('t2', '2025-02-28', gamesAgainstOpponents('me', scores).slice(3))],
    );
    expect(after(secondHalf, 'me')).toEqual(after(all, 'me'));
    expect(JSON.parse(JSON.stringify(after(all, 'me').carry))).toEqual({ opponentRatingSum: 9200, winsMinusLosses: 1 });
  });

  it('for an established player a single win never lowers and a single loss never raises the rating', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 40 }),
        (own, other, otherGames) => {
          const opponent = player('x', other, otherGames);
          expect(after(oneGame(player('me', own), opponent, 1), 'me').rating).toBeGreaterThanOrEqual(own);
          expect(after(oneGame(player('me', own), opponent, 0), 'me').rating).toBeLessThanOrEqual(own);
        },
      ),
    );
  });

  it('never goes below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 30 }), (own, games) => {
        const result = oneGame(games < 20 ? provisional(own, games) : player('me', own, games), player('x', 0), 0);
        expect(after(result, 'me').rating).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('K against a provisional opponent is K × n/20 unless the pool turns the decision off', () => {
    const scaled = oneGame(player('me', 1800), player('p', 1800, 5), 1);
    expect(changeOf(scaled, 'me').k).toBe(8);
    expect(after(scaled, 'me').rating).toBe(1804);
    const unscaled = oneGame(player('me', 1800), player('p', 1800, 5), 1, { scaleKAgainstProvisional: false });
    expect(after(unscaled, 'me').rating).toBe(1816);
  });

  it('a K scaled by n/20 is the exact fraction, to the hundredth the rules give it (24 × 1/20 is 1.2)', () => {
    for (const rating of [1800, 2200, 2500]) {
      for (let n = 1; n < 20; n++) {
        const { k } = changeOf(oneGame(player('me', rating), player('p', 1800, n), 1), 'me');
        expect(String(k)).toBe(String(Number(k?.toFixed(2))));
      }
    }
    expect(changeOf(oneGame(player('me', 2200), player('p', 1800, 1), 1), 'me').k).toBe(1.2);
  });
});
