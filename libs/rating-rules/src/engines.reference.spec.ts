import fc from 'fast-check';
import { toColumnarInput } from './columnar';
import { gameRowsOf } from './game-rows';
import { rateEvents } from './rate-events';
import { ratingSystems } from './systems';
import type { PlayerState, PlayerStateAfter, RatedGame, RatingEvent } from './types';
import type { ParameterValues } from './parameters';
import {
  referenceElo,
  referenceEloProvisional,
  referenceFide,
  referenceFqe,
  referenceGlicko2,
  type ReferenceResult,
} from './__fixtures__/reference-engines';

/**
 * The engines (typed arrays, fused loops, lookup tables) against straightforward reference engines on
 * random populations: every number of every player, change row and game row must be the same double.
 */
const REFERENCES: Record<
  string,
  (params: never, players: readonly PlayerState[], events: readonly RatingEvent[]) => ReferenceResult
> = {
  elo: referenceElo,
  'elo-provisional': referenceEloProvisional,
  fqe: referenceFqe,
  fide: referenceFide,
  glicko2: referenceGlicko2,
};

/** Parameter sets per system: the defaults, and the other branches of the engines. */
const PARAMS: Record<string, readonly Record<string, unknown>[]> = {
  elo: [{}, { rounding: 'none' }, { cap400: true, k: 20 }, { model: 'fide-table', cap400: true, initialRating: 1200 }],
  'elo-provisional': [{}, { rounding: 'none' }, { provisionalGames: 5, scaleKAgainstProvisional: false }],
  fqe: [
    {},
    { unratedOpponentRating: 1000 },
    { certainWinAbove735: false, roundBeforeBonus: true, bonusOnHalvedChange: false, rounding: 'none' },
  ],
  fide: [{}, { rounding: 'none', pRounding: 'half-down', newPlayerGames: 10 }],
  glicko2: [{}, { tau: 0.3, initialRating: 1400, maxRd: 200 }],
};

const DATES = ['2025-03-31', '2025-03-31', '2025-04-30', '2025-06-15', '2025-10-01', '2026-01-20'];

const population = fc
  .record({
    players: fc.array(
      fc.record({
        rating: fc.option(fc.integer({ min: 0, max: 2900 }), { freq: 4 }),
        fraction: fc.constantFrom(0, 0, 0.25, 0.5),
        games: fc.integer({ min: 0, max: 40 }),
        rd: fc.option(fc.integer({ min: 30, max: 350 }), { freq: 3 }),
        volatility: fc.option(fc.constantFrom(0.04, 0.06, 0.09), { freq: 3 }),
        birthYear: fc.option(fc.integer({ min: 1990, max: 2015 }), { freq: 3 }),
      }),
      { minLength: 2, maxLength: 9 },
    ),
    games: fc.array(
      fc.record({
        white: fc.nat(),
        black: fc.nat(),
        score: fc.constantFrom(0, 0.5, 1 as const),
        event: fc.integer({ min: 0, max: DATES.length - 1 }),
        round: fc.integer({ min: 0, max: 4 }),
        board: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 40 },
    ),
    explicitPeriods: fc.boolean(),
  })
  .map(({ players: drawn, games, explicitPeriods }) => {
    // Unrated players have no games; ratings are sometimes fractional (rounding: 'none' leaves them so).
    const players: PlayerState[] = drawn.map((p, i) => ({
      id: `p${i}`,
      rating: p.rating === null ? null : p.rating + p.fraction,
      games: p.rating === null ? 0 : p.games,
      rd: p.rd,
      volatility: p.volatility,
      birthYear: p.birthYear,
    }));
    const byEvent: RatedGame[][] = DATES.map(() => []);
    for (const g of games) {
      const white = g.white % players.length;
      const black = g.black % players.length;
      if (white === black) continue;
      byEvent[g.event].push({
        white: `p${white}`,
        black: `p${black}`,
        score: g.score,
        ...(g.round ? { round: g.round } : {}),
        ...(g.board ? { board: g.board } : {}),
      });
    }
    const events: RatingEvent[] = DATES.map((date, e) => ({
      id: `e${e}`,
      date,
      games: byEvent[e],
      ...(explicitPeriods ? { period: e < 2 ? 'P1' : `P${e}` } : {}),
    }));
    return { players, events };
  });

/** The states after a run as the next run's input (carries included). */
const nextInput = (after: readonly PlayerStateAfter[]): PlayerState[] =>
  after.map(({ id, rating, games, rd, volatility, birthYear, carry }) => ({
    id,
    rating,
    games,
    rd,
    volatility,
    birthYear,
    carry,
  }));

/** The same events a year and a half later (a second run after the first). */
const later = (events: readonly RatingEvent[]): RatingEvent[] =>
  events.map((event) => ({
    ...event,
    id: `${event.id}-next`,
    date: `${Number(event.date.slice(0, 4)) + 1}${event.date.slice(4)}`,
    ...(event.period ? { period: `${event.period}-next` } : {}),
  }));

describe.each(Object.keys(REFERENCES))('%s: the engine against the reference engine', (systemId) => {
  const system = ratingSystems[systemId as keyof typeof ratingSystems];
  const reference = REFERENCES[systemId];

  it.each(PARAMS[systemId].map((params) => [JSON.stringify(params), params] as const))(
    'gives bit-identical results with params %s, over two chained runs',
    (_, given) => {
      const params = { ...system.defaults, ...given } as ParameterValues;
      fc.assert(
        fc.property(population, ({ players, events }) => {
          const first = rateEvents(systemId, given, players, events);
          const expected = reference(params as never, players, events);
          expect(first.players).toEqual(expected.players);
          expect(first.changes).toEqual(expected.changes);
          // A second run from the first one's states, carries (provisional sums, FIDE pools) included.
          const again = nextInput(first.players);
          const second = rateEvents(systemId, given, again, later(events));
          const expectedSecond = reference(params as never, again, later(events));
          expect(second.players).toEqual(expectedSecond.players);
          expect(second.changes).toEqual(expectedSecond.changes);
        }),
        { numRuns: 40 },
      );
    },
  );

  it('gives the same game rows from gameRowsOf(result) as from a run made with gameRows: true', () => {
    fc.assert(
      fc.property(population, ({ players, events }) => {
        const { players: columns, events: eventColumns } = toColumnarInput(players, events);
        const lean = rateEvents(systemId, {}, columns, eventColumns);
        const full = rateEvents(systemId, {}, columns, eventColumns, { gameRows: true });
        expect(lean.hasGameRows).toBe(false);
        expect(lean.games.whiteRating).toHaveLength(0);
        expect(full.hasGameRows).toBe(true);
        expect(gameRowsOf(full)).toBe(full.games);
        expect(gameRowsOf(lean)).toEqual(full.games);
        expect(lean.changes).toEqual(full.changes);
        expect(lean.players).toEqual(full.players);
      }),
      { numRuns: 30 },
    );
  });
});
