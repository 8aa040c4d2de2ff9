import fc from 'fast-check';
import { calculateGame, ELO_RATING_FLOOR } from './calculator';
import { EXPECTATION_MODELS } from './expectation';
import { rateEvents } from './rate-events';
import { event, game, player } from './__fixtures__/builders';

describe('calculateGame (the Elo calculator page calculator)', () => {
  it('gives both expected scores, the change unrounded and rounded, both new ratings and the scenario table', () => {
    const result = calculateGame({ rating: 1600, opponent: 1200, score: 1, k: 32 });
    expect(result.expected).toBeCloseTo(0.909091, 6);
    expect(result.opponentExpected).toBeCloseTo(0.090909, 6);
    expect(result.change).toBeCloseTo(2.909091, 6);
    expect(result.changeRounded).toBe(3);
    expect(result.newRating).toBe(1603);
    expect(result.opponentNewRating).toBe(1197);
    expect(result.scenarios.win).toEqual(expect.objectContaining({ score: 1, changeRounded: 3, newRating: 1603 }));
    expect(result.scenarios.draw).toEqual(
      expect.objectContaining({ score: 0.5, changeRounded: -13, newRating: 1587, opponentNewRating: 1213 }),
    );
    expect(result.scenarios.loss).toEqual(
      expect.objectContaining({ score: 0, changeRounded: -29, newRating: 1571, opponentNewRating: 1229 }),
    );
  });

  it('applies the 400-point cap and the FIDE table on request', () => {
    expect(
      calculateGame({ rating: 2200, opponent: 1000, score: 1, k: 20, model: 'fide-table', cap400: true }).change,
    ).toBeCloseTo(1.6, 12);
    expect(calculateGame({ rating: 2200, opponent: 1000, score: 1, k: 20, model: 'fide-table' }).change).toBe(0);
  });

  it('is zero-sum with one K (both models), and a win never lowers nor a loss raises a rating', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 3000 }),
        fc.integer({ min: 100, max: 3000 }),
        fc.constantFrom(0, 0.5, 1 as const),
        fc.constantFrom(10, 16, 20, 32, 40),
        fc.constantFrom(...EXPECTATION_MODELS),
        fc.boolean(),
        (rating, opponent, score, k, model, cap400) => {
          const result = calculateGame({ rating, opponent, score: score as 0 | 0.5 | 1, k, model, cap400 });
          expect(result.change + result.opponentChange).toBe(0);
          expect(result.changeRounded + result.opponentChangeRounded).toBe(0);
          expect(result.scenarios.win.newRating).toBeGreaterThanOrEqual(rating);
          expect(result.scenarios.loss.newRating).toBeLessThanOrEqual(rating);
        },
      ),
    );
  });

  it('never gives a rating below the floor', () => {
    expect(calculateGame({ rating: 5, opponent: 5, score: 0, k: 40 }).newRating).toBe(ELO_RATING_FLOOR);
  });

  it('is the elo system for one game', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom(0, 0.5, 1 as const),
        (a, b, s) => {
          const single = calculateGame({ rating: a, opponent: b, score: s as 0 | 0.5 | 1, k: 32 });
          const run = rateEvents(
            'elo',
            { k: 32 },
            [player('a', a), player('b', b)],
            [event('t', '2025-01-01', [game('a', 'b', s as 0 | 0.5 | 1)])],
          );
          expect(run.players.map((p) => p.rating)).toEqual([single.newRating, single.opponentNewRating]);
        },
      ),
      { numRuns: 50 },
    );
  });
});
