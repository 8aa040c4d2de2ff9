import fc from 'fast-check';
import { toChangeRecords, toColumnarInput, toPlayerStates } from './columnar';
import { rateEvents } from './rate-events';
import { RATING_SYSTEM_IDS } from './systems';
import type { PlayerState, RatingEvent } from './types';
import { event, game, player } from './__fixtures__/builders';

/** System floors: 0 everywhere (fide's 1400 is a listing threshold, not a floor). */
const FLOOR = 0;

const population = fc
  .tuple(
    fc.array(fc.option(fc.integer({ min: 0, max: 2900 }), { freq: 5 }), { minLength: 2, maxLength: 7 }),
    fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 7, maxLength: 7 }),
    fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(0, 0.5, 1 as const), fc.integer({ min: 0, max: 2 })), {
      minLength: 1,
      maxLength: 25,
    }),
  )
  .map(([ratings, games, pairs]) => {
    const players: PlayerState[] = ratings.map((r, i) =>
      player(`p${i}`, r, r === null ? 0 : games[i], { birthYear: 2000 + i }),
    );
    const byEvent: ReturnType<typeof game>[][] = [[], [], []];
    pairs
      .map(([a, b, s, e]) => [a % ratings.length, b % ratings.length, s, e] as const)
      .filter(([a, b]) => a !== b)
      .forEach(([a, b, s, e]) =>
        byEvent[e].push(game(`p${a}`, `p${b}`, s as 0 | 0.5 | 1, { round: byEvent[e].length + 1 })),
      );
    const events: RatingEvent[] = [
      event('e1', '2025-03-31', byEvent[0]),
      event('e2', '2025-03-31', byEvent[1], '2025-03'),
      event('e3', '2025-05-15', byEvent[2]),
    ];
    return { players, events };
  });

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
};

describe.each(RATING_SYSTEM_IDS)('rateEvents(%s)', (systemId) => {
  it('is pure: frozen inputs, same output twice, object and columnar forms agree', () => {
    fc.assert(
      fc.property(population, ({ players, events }) => {
        const frozenPlayers = deepFreeze(structuredClone(players));
        const frozenEvents = deepFreeze(structuredClone(events));
        const result = rateEvents(systemId, {}, frozenPlayers, frozenEvents);
        expect(rateEvents(systemId, {}, players, events)).toEqual(result);
        const columns = toColumnarInput(players, events);
        const copy = structuredClone(columns);
        const columnar = rateEvents(systemId, {}, columns.players, columns.events);
        expect(columns).toEqual(copy); // the typed arrays were not written
        expect(toPlayerStates(columnar)).toEqual(result.players);
        expect(toChangeRecords(columnar)).toEqual(result.changes);
        const lean = rateEvents(systemId, {}, columns.players, columns.events, { gameRows: false });
        expect(lean.players).toEqual(columnar.players);
        expect(lean.changes).toEqual(columnar.changes);
        expect(lean.games.whiteRating).toHaveLength(0);
      }),
      { numRuns: 60 },
    );
  });

  it('never gives a rating below the floor, NaN, or a change row without games', () => {
    fc.assert(
      fc.property(population, ({ players, events }) => {
        const result = rateEvents(systemId, {}, players, events);
        for (const p of result.players) {
          if (p.rating !== null) {
            expect(Number.isFinite(p.rating)).toBe(true);
            expect(p.rating).toBeGreaterThanOrEqual(FLOOR);
          }
        }
        for (const c of result.changes) {
          expect(c.games).toBeGreaterThan(0);
          expect(c.gameRows).toHaveLength(c.games);
          expect(Number.isNaN(c.score)).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('rates nothing when there are no events, and keeps every player', () => {
    const players = [player('a', 1500, 40), player('b', null, 0)];
    const result = rateEvents(systemId, {}, players, []);
    expect(result.changes).toEqual([]);
    expect(result.players.map((p) => [p.id, p.rating, p.games])).toEqual([
      ['a', 1500, 40],
      ['b', null, 0],
    ]);
  });

  it('never lets a single win lower an established rating, nor a single loss raise it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1400, max: 2900 }),
        fc.integer({ min: 1400, max: 2900 }),
        fc.constantFrom(0, 1 as const),
        (own, other, score) => {
          const players = [player('me', own, 60, { rd: 80 }), player('x', other, 60, { rd: 80 })];
          // The change row's rating after (fide unrates a player who falls below 1400 once the period is over).
          const next = rateEvents(systemId, {}, players, [
            event('t', '2025-06-30', [game('me', 'x', score)]),
          ]).changes.find((change) => change.playerId === 'me')?.ratingAfter as number;
          if (score === 1) expect(next).toBeGreaterThanOrEqual(own);
          else expect(next).toBeLessThanOrEqual(own);
        },
      ),
      { numRuns: 60 },
    );
  });
});
