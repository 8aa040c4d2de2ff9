import fc from 'fast-check';
import { rateEvents } from '../rate-events';
import { after, changeOf, event, game, player } from '../__fixtures__/builders';
import { MAX_RATING } from '../checks';
import { glicko2, GLICKO2_CONVERGENCE, GLICKO2_MAX_VOLATILITY, GLICKO2_TAU } from './glicko2';

// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): 1500/200/0.06 against
// 1400/30 (win), 1550/100 (loss), 1700/300 (loss), τ = 0.5 → 1464.06 / 151.52 / 0.05999.
const paperPlayers = [
  player('me', 1500, 10, { rd: 200, volatility: 0.06 }),
  player('a', 1400, 10, { rd: 30, volatility: 0.06 }),
  player('b', 1550, 10, { rd: 100, volatility: 0.06 }),
  player('c', 1700, 10, { rd: 300, volatility: 0.06 }),
];
const paperGames = [game('me', 'a', 1), game('me', 'b', 0), game('me', 'c', 0)];

describe('glicko2', () => {
  it('reproduces Glickman’s worked example', () => {
    const me = after(rateEvents('glicko2', { tau: 0.5 }, paperPlayers, [event('t', '2025-01-31', paperGames)]), 'me');
    expect(me.rating).toBeCloseTo(1464.06, 1);
    expect(Math.abs((me.rating as number) - 1464.06)).toBeLessThanOrEqual(0.01);
    expect(me.rd).toBeCloseTo(151.52, 1);
    expect(Math.abs((me.volatility as number) - 0.05999)).toBeLessThan(0.00001);
  });

  it('rates all events of one period from the ratings at its start, whatever the split', () => {
    const whole = rateEvents('glicko2', {}, paperPlayers, [event('t', '2025-01-31', paperGames)]);
    const split = rateEvents('glicko2', {}, paperPlayers, [
      event('t1', '2025-01-10', paperGames.slice(0, 1)),
      event('t2', '2025-01-31', paperGames.slice(1)),
    ]);
    expect(after(split, 'me').rating).toBeCloseTo(after(whole, 'me').rating as number, 9);
    // The period's change is attributed game by game; the event rows add up to it.
    const rows = split.changes.filter((c) => c.playerId === 'me');
    expect(rows.map((r) => r.ratingBefore)).toEqual([1500, 1500]);
    expect((rows[0].change as number) + (rows[1].change as number)).toBeCloseTo(
      (after(split, 'me').rating as number) - 1500,
      9,
    );
    expect(rows[0].gameRows[0].change).toBeCloseTo(rows[0].change as number, 12);
  });

  it('grows only the RD of a player without games; rating and volatility stay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 3000 }),
        fc.integer({ min: 30, max: 340 }),
        fc.double({ min: 0.01, max: 0.2, noNaN: true }),
        (rating, rd, volatility) => {
          const result = rateEvents(
            'glicko2',
            {},
            [player('idle', rating, 10, { rd, volatility }), player('a', 1500), player('b', 1500)],
            [event('t', '2025-01-31', [game('a', 'b', 1)])],
          );
          const idle = after(result, 'idle');
          expect(idle.rating).toBe(rating);
          expect(idle.volatility).toBe(volatility);
          expect(idle.rd).toBeGreaterThan(rd);
          expect(idle.rd).toBeLessThanOrEqual(350);
        },
      ),
    );
  });

  it('is provisional while RD > 110, and starts newcomers at 1500/350/0.06', () => {
    const result = rateEvents(
      'glicko2',
      {},
      [player('new', null, 0), player('x', 1500, 10, { rd: 50 })],
      [event('t', '2025-01-31', [game('new', 'x', 1)])],
    );
    expect(changeOf(result, 'new').gameRows[0].opponentRating).toBe(1500);
    expect(changeOf(result, 'x').gameRows[0].opponentRating).toBe(1500);
    expect(after(result, 'new').provisional).toBe(true);
    expect(after(result, 'x').provisional).toBe(false);
    expect(glicko2.isProvisional({ rating: 1500, games: 50, rd: 110 })).toBe(false);
    expect(glicko2.isProvisional({ rating: 1500, games: 50, rd: 110.5 })).toBe(true);
  });

  it('never lets a single win lower nor a single loss raise a rating', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 2900 }),
        fc.integer({ min: 500, max: 2900 }),
        fc.integer({ min: 30, max: 350 }),
        (own, other, rd) => {
          const players = [player('me', own, 10, { rd }), player('x', other, 10, { rd })];
          expect(
            after(rateEvents('glicko2', {}, players, [event('t', '2025-01-31', [game('me', 'x', 1)])]), 'me').rating,
          ).toBeGreaterThanOrEqual(own);
          expect(
            after(rateEvents('glicko2', {}, players, [event('t', '2025-01-31', [game('me', 'x', 0)])]), 'me').rating,
          ).toBeLessThanOrEqual(own);
        },
      ),
    );
  });

  it('at the ends of τ’s and ε’s bounds, the volatility iteration ends with a positive, finite σ', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(GLICKO2_TAU.min, GLICKO2_TAU.max),
        fc.constantFrom(GLICKO2_CONVERGENCE.min, GLICKO2_CONVERGENCE.max),
        fc.integer({ min: 0, max: MAX_RATING }),
        fc.integer({ min: 0, max: MAX_RATING }),
        fc.double({ min: 1, max: MAX_RATING, noNaN: true }),
        fc.double({ min: 1e-6, max: GLICKO2_MAX_VOLATILITY, noNaN: true }),
        fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1),
        (tau, convergence, own, other, rd, volatility, score) => {
          const players = [player('me', own, 10, { rd, volatility }), player('x', other, 10, { rd: 30 })];
          const me = after(
            rateEvents('glicko2', { tau, convergence }, players, [event('t', '2025-01-31', [game('me', 'x', score)])]),
            'me',
          );
          expect(me.volatility).toBeGreaterThan(0);
          expect(Number.isFinite(me.volatility) && Number.isFinite(me.rating) && Number.isFinite(me.rd)).toBe(true);
        },
      ),
    );
  });
});
