import { calculateGame } from './calculator';
import { toColumnarInput } from './columnar';
import { gameRowsOf } from './game-rows';
import { MAX_K, MAX_RATING } from './checks';
import { expectancyCurve, expectedScore } from './expectation';
import { performanceRating } from './performance';
import { categoryOf, formatRating } from './categories';
import { rateEvents } from './rate-events';
import { getRatingSystem, RATING_SYSTEM_IDS, ratingSystems } from './systems';
import type { ColumnarInput } from './columnar';
import type { RatingRuleErrorCode } from './errors';
import { event, expectRuleError, game, player } from './__fixtures__/builders';

const twoPlayers = [player('a', 1500), player('b', 1600)];
const oneGame = (score: 0 | 0.5 | 1 = 1) => [event('t', '2025-01-31', [game('a', 'b', score)])];
const columnar = (): ColumnarInput => toColumnarInput(twoPlayers, oneGame());

describe('bad input is a RatingRuleError naming the field, never NaN or a silent wrong rating', () => {
  describe('INVALID_RATING', () => {
    it.each([
      ['own', () => expectedScore(-1, 1500)],
      ['opponent', () => expectedScore(1500, Number.NaN)],
      ['rating', () => calculateGame({ rating: Infinity, opponent: 1500, score: 1, k: 20 })],
      ['opponent', () => calculateGame({ rating: 1500, opponent: -3, score: 1, k: 20 })],
      ['rating', () => categoryOf(-1)],
      ['rating', () => formatRating(Number.NaN, false)],
      ['opponentRatings[1]', () => performanceRating([1500, -2], 1, 'linear')],
      ['rating', () => calculateGame({ rating: 1e308, opponent: 1500, score: 1, k: 20 })],
      ['own', () => expectedScore(MAX_RATING + 1, 1500)],
      ['rating', () => categoryOf(1e308)],
      ['players[1].rating', () => rateEvents('elo', {}, [player('a', 1500), player('b', -5)], oneGame())],
      [
        'players[0].rating',
        () => rateEvents('elo', {}, [{ ...player('a', 1500), rating: Number.NaN }, player('b', 1600)], oneGame()),
      ],
    ])('%s', (field, work) => expectRuleError(work, 'INVALID_RATING', field));

    it('players[1].rating (columnar: NaN means unrated, Infinity and negatives are rejected)', () => {
      const input = columnar();
      input.players.rating[1] = Infinity;
      expectRuleError(() => rateEvents('elo', {}, input.players, input.events), 'INVALID_RATING', 'players[1].rating');
    });

    it.each([Infinity, 1e308, MAX_RATING + 0.5])('players[1].rating %s (columnar: above the bound)', (rating) => {
      const input = columnar();
      input.players.rating[1] = rating;
      expectRuleError(() => rateEvents('elo', {}, input.players, input.events), 'INVALID_RATING', 'players[1].rating');
    });

    it('a rating at the bound is rated, and stays finite', () => {
      const result = rateEvents('elo', {}, [player('a', MAX_RATING), player('b', 0)], oneGame());
      expect(result.players.every((state) => Number.isFinite(state.rating))).toBe(true);
    });
  });

  describe('INVALID_SCORE', () => {
    it.each([
      ['score', () => calculateGame({ rating: 1500, opponent: 1500, score: 0.7 as 1, k: 20 })],
      ['score', () => performanceRating([1500, 1600], 2.5, 'fide')],
      [
        'events[0].games[0].score',
        () => rateEvents('elo', {}, twoPlayers, [event('t', '2025-01-31', [game('a', 'b', 2 as 1)])]),
      ],
    ])('%s', (field, work) => expectRuleError(work, 'INVALID_SCORE', field));

    it('events[0].games[0].score (columnar)', () => {
      const input = columnar();
      input.events.games.score[0] = 0.25;
      expectRuleError(
        () => rateEvents('fide', {}, input.players, input.events),
        'INVALID_SCORE',
        'events[0].games[0].score',
      );
    });
  });

  describe('INVALID_K', () => {
    it.each([
      ['k', () => calculateGame({ rating: 1500, opponent: 1500, score: 1, k: 0 })],
      ['k', () => calculateGame({ rating: 1500, opponent: 1500, score: 1, k: Number.NaN })],
      ['params.k', () => rateEvents('elo', { k: -10 }, twoPlayers, oneGame())],
      ['k', () => calculateGame({ rating: 1500, opponent: 1500, score: 1, k: MAX_K + 1 })],
      ['params.k', () => rateEvents('elo', { k: 1e308 }, twoPlayers, oneGame())],
    ])('%s', (field, work) => expectRuleError(work, 'INVALID_K', field));
  });

  describe('SELF_PAIRING', () => {
    it('events[0].games[1].black', () => {
      const games = [game('a', 'b', 1), game('a', 'a', 0.5)];
      expectRuleError(
        () => rateEvents('elo', {}, twoPlayers, [event('t', '2025-01-31', games)]),
        'SELF_PAIRING',
        'events[0].games[1].black',
      );
    });

    it('events[0].games[0].black (columnar)', () => {
      const input = columnar();
      input.events.games.black[0] = input.events.games.white[0];
      expectRuleError(
        () => rateEvents('glicko2', {}, input.players, input.events),
        'SELF_PAIRING',
        'events[0].games[0].black',
      );
    });
  });

  describe('UNKNOWN_SYSTEM', () => {
    it.each([
      ['systemId', () => rateEvents('elo-2', {}, twoPlayers, oneGame())],
      ['systemId', () => getRatingSystem('toString')],
    ])('%s', (field, work) => expectRuleError(work, 'UNKNOWN_SYSTEM', field));
  });

  describe('EVENTS_OUT_OF_ORDER', () => {
    it('events[1].date', () => {
      const events = [event('t1', '2025-02-01', [game('a', 'b', 1)]), event('t2', '2025-01-31', [game('a', 'b', 0)])];
      expectRuleError(() => rateEvents('elo', {}, twoPlayers, events), 'EVENTS_OUT_OF_ORDER', 'events[1].date');
    });

    it('events[2].period (a period cannot resume once another began)', () => {
      const events = [
        event('t1', '2025-01-10', [game('a', 'b', 1)], 'P1'),
        event('t2', '2025-01-11', [game('a', 'b', 1)], 'P2'),
        event('t3', '2025-01-12', [game('a', 'b', 1)], 'P1'),
      ];
      expectRuleError(() => rateEvents('fide', {}, twoPlayers, events), 'EVENTS_OUT_OF_ORDER', 'events[2].period');
    });
  });

  describe('UNKNOWN_PLAYER', () => {
    it('events[0].games[0].black', () => {
      expectRuleError(
        () => rateEvents('elo', {}, twoPlayers, [event('t', '2025-01-31', [game('a', 'zz', 1)])]),
        'UNKNOWN_PLAYER',
        'events[0].games[0].black',
      );
    });

    it('events[0].games[0].white (columnar index out of range)', () => {
      const input = columnar();
      input.events.games.white[0] = 2;
      expectRuleError(
        () => rateEvents('fqe', {}, input.players, input.events),
        'UNKNOWN_PLAYER',
        'events[0].games[0].white',
      );
    });
  });

  describe('INVALID_PARAMETER', () => {
    it.each([
      ['params.kFactor', { kFactor: 20 }, 'elo'],
      ['params.cap400', { cap400: 'yes' }, 'elo'],
      ['params.model', { model: 'normal' }, 'elo'],
      ['params.tau', { tau: 0 }, 'glicko2'],
      ['params.tau', { tau: 1e300 }, 'glicko2'],
      ['params.tau', { tau: 1e-100 }, 'glicko2'],
      ['params.convergence', { convergence: 1e-16 }, 'glicko2'],
      ['params.convergence', { convergence: 1 }, 'glicko2'],
      ['params.initialVolatility', { initialVolatility: 1e200 }, 'glicko2'],
      ['params.initialRating', { initialRating: 1e308 }, 'elo'],
      ['params.provisionalGames', { provisionalGames: 2.5 }, 'elo-provisional'],
      ['params.halvedAbove', { halvedAbove: null }, 'fqe'],
      ['params', [32], 'elo'],
    ])('%s', (field, params, systemId) =>
      expectRuleError(() => rateEvents(systemId, params, twoPlayers, oneGame()), 'INVALID_PARAMETER', field),
    );

    it('model (expectedScore)', () =>
      expectRuleError(() => expectedScore(1500, 1500, 'elo' as 'logistic'), 'INVALID_PARAMETER', 'model'));

    it.each([
      ['cap400', () => calculateGame({ rating: 2000, opponent: 1000, score: 1, k: 20, cap400: 'no' as never })],
      ['cap400', () => expectedScore(2000, 1000, 'logistic', 'no' as never)],
      ['cap400', () => expectancyCurve({ cap400: 'no' as never })],
      ['params.cap400', () => getRatingSystem('elo').expectedScore(2000, 1000, { params: { cap400: 'no' as never } })],
      [
        'params.certainWinAbove735',
        () => getRatingSystem('fqe').expectedScore(2000, 1000, { params: { certainWinAbove735: 'no' as never } }),
      ],
    ])('a boolean given a string is refused, not read as true: %s', (field, work) =>
      expectRuleError(work, 'INVALID_PARAMETER', field),
    );
  });

  describe('INVALID_INPUT (calls without their argument object)', () => {
    it.each([
      ['input', () => calculateGame(undefined as never)],
      ['input', () => calculateGame(null as never)],
      ['options', () => expectancyCurve(null as never)],
      ['opponentRatings', () => performanceRating(undefined as never, 0, 'linear')],
    ])('%s', (field, work) => expectRuleError(work, 'INVALID_INPUT', field));
  });

  describe('INVALID_DATE', () => {
    it.each([
      ['events[0].date', 'elo', '2025-02-30'],
      ['events[0].date', 'elo', '31/01/2025'],
      ['events[0].date', 'fide', '2024-02-29'],
    ])('%s (%s, %s)', (field, systemId, date) => {
      expectRuleError(
        () => rateEvents(systemId, {}, twoPlayers, [event('t', date, [game('a', 'b', 1)])]),
        'INVALID_DATE',
        field,
      );
    });
  });

  describe('INVALID_PLAYER and INVALID_CARRY', () => {
    it.each([
      ['players[1].id', [player('a', 1500), player('a', 1600)]],
      ['players[0].games', [player('a', 1500, -1), player('b', 1600)]],
      ['players[0].rd', [player('a', 1500, 10, { rd: 0 }), player('b', 1600)]],
      ['players[1].birthYear', [player('a', 1500), player('b', 1600, 10, { birthYear: 1990.5 })]],
    ])('%s', (field, players) =>
      expectRuleError(() => rateEvents('elo', {}, players, oneGame()), 'INVALID_PLAYER', field),
    );

    it.each([
      ['players[0].carry.opponentRatingSum', 'elo-provisional', { opponentRatingSum: 'x', winsMinusLosses: 0 }],
      ['players[0].carry.tournaments', 'fqe', { opponentRatingSum: 1500, winsMinusLosses: 0, tournaments: -1 }],
      ['players[0].carry.pool', 'fide', { firstEventSeen: true, pool: {} }],
      [
        'players[0].carry.pool[0].month',
        'fide',
        { firstEventSeen: true, pool: [{ month: '2025-13', games: 1, score: 1, opponentRatingSum: 1600 }] },
      ],
      ['players[0].carry', 'elo', [1, 2]],
    ])('%s (%s)', (field, systemId, carry) => {
      const players = [player('a', systemId === 'fide' ? null : 1500, 5, { carry: carry as never }), player('b', 1600)];
      expectRuleError(() => rateEvents(systemId, {}, players, oneGame()), 'INVALID_CARRY', field);
    });
  });

  describe('games are checked before any engine runs, the first bad one in input order reported', () => {
    it('a bad game is reported before a bad carry met earlier in the run', () => {
      const players = [
        player('a', 1500, 5, { carry: { opponentRatingSum: 1500, winsMinusLosses: 0, tournaments: -1 } }),
        player('b', 1600),
      ];
      const input = toColumnarInput(players, [
        event('t1', '2025-01-31', [game('a', 'b', 1)]),
        event('t2', '2025-02-28', [game('a', 'b', 1)]),
      ]);
      input.events.games.score[1] = 0.25;
      expectRuleError(
        () => rateEvents('fqe', {}, input.players, input.events),
        'INVALID_SCORE',
        'events[1].games[0].score',
      );
    });

    it('a bad game is reported before a date the system does not rate (fide before 2024-03-01)', () => {
      const input = toColumnarInput(twoPlayers, [event('t', '2024-01-31', [game('a', 'b', 1)])]);
      input.events.games.score[0] = 2;
      expectRuleError(
        () => rateEvents('fide', {}, input.players, input.events),
        'INVALID_SCORE',
        'events[0].games[0].score',
      );
    });

    it('the first bad game in input order is named, whatever the play order', () => {
      const games = [game('a', 'b', 1, { round: 2 }), game('b', 'a', 0, { round: 1 })];
      const input = toColumnarInput(twoPlayers, [event('t', '2025-01-31', games)]);
      input.events.games.white[0] = 7; // played second (round 2)
      input.events.games.score[1] = 0.75; // played first (round 1)
      expectRuleError(
        () => rateEvents('elo', {}, input.players, input.events),
        'UNKNOWN_PLAYER',
        'events[0].games[0].white',
      );
    });

    it('gameRowsOf names a value that is not a result', () => {
      expectRuleError(() => gameRowsOf({} as ReturnType<typeof rateEvents>), 'INVALID_INPUT', 'result');
    });
  });

  describe('INVALID_INPUT (columnar shapes)', () => {
    it('events.games.black: columns of one table must have one length', () => {
      const input = columnar();
      const events = { ...input.events, games: { ...input.events.games, black: new Int32Array(0) } };
      expectRuleError(() => rateEvents('elo', {}, input.players, events), 'INVALID_INPUT', 'events.games.black');
    });
  });

  describe('every registered system meets the same checks at the registry edge, before its engine runs', () => {
    /** Bad inputs every system must refuse the same way, whatever its engine does. */
    const BAD_INPUTS: readonly (readonly [string, () => ColumnarInput, RatingRuleErrorCode, string])[] = [
      [
        'a self-pairing',
        () => {
          const input = columnar();
          input.events.games.black[0] = input.events.games.white[0];
          return input;
        },
        'SELF_PAIRING',
        'events[0].games[0].black',
      ],
      [
        'an unknown player',
        () => {
          const input = columnar();
          input.events.games.white[0] = 5;
          return input;
        },
        'UNKNOWN_PLAYER',
        'events[0].games[0].white',
      ],
      [
        'a score that is not a result',
        () => {
          const input = columnar();
          input.events.games.score[0] = 0.3;
          return input;
        },
        'INVALID_SCORE',
        'events[0].games[0].score',
      ],
      [
        'a negative rating',
        () => {
          const input = columnar();
          input.players.rating[1] = -5;
          return input;
        },
        'INVALID_RATING',
        'players[1].rating',
      ],
      [
        'events out of date order',
        () =>
          toColumnarInput(twoPlayers, [
            event('t1', '2025-02-01', [game('a', 'b', 1)]),
            event('t2', '2025-01-31', [game('a', 'b', 0)]),
          ]),
        'EVENTS_OUT_OF_ORDER',
        'events[1].date',
      ],
    ];
    const cases = RATING_SYSTEM_IDS.flatMap((id) =>
      BAD_INPUTS.map(([what, input, code, field]) => [id, what, code, field, input] as const),
    );

    afterEach(() => jest.restoreAllMocks());

    it.each(cases)('%s refuses %s (%s at %s) and its engine never sees it', (id, _what, code, field, input) => {
      const engine = jest.spyOn(ratingSystems[id], 'rate');
      const { players, events } = input();
      expectRuleError(() => rateEvents(id, {}, players, events), code, field);
      expect(engine).not.toHaveBeenCalled();
    });

    it.each(RATING_SYSTEM_IDS)('%s rates the same input once it is good (the spy sees the engine run)', (id) => {
      const engine = jest.spyOn(ratingSystems[id], 'rate');
      const { players, events } = columnar();
      expect(rateEvents(id, {}, players, events).changes.count).toBe(2);
      expect(engine).toHaveBeenCalledTimes(1);
    });
  });
});
