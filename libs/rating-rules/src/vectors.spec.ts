/**
 * Every worked case of the vectors (docs/rating-rules.md), checked by its id in a
 * table-driven test. The last test fails if a vector of the file has no check or was not run.
 */
import { calculateGame } from './calculator';
import { categoryOf, formatRating } from './categories';
import { expectedScore } from './expectation';
import { fideRatingDifference, fideScoringProbability } from './fide-tables';
import { rateEvents } from './rate-events';
import { roundHalfAwayFromZero } from './rounding';
import { ratingSystems } from './systems';
import { eloProvisionalK } from './systems/elo-provisional';
import { capKForGames, fideInitialRating, fideKFactor } from './systems/fide';
import { fqe, fqeBonus, fqeFirstTournamentRating, fqeMethod } from './systems/fqe';
import type { GameScore } from './checks';
import type { RatingResult } from './types';
import {
  after,
  changeOf,
  event,
  game,
  gamesAgainstOpponents,
  opponents,
  player,
  rateAgainst,
} from './__fixtures__/builders';
import vectorFile from './__fixtures__/vectors.json';

interface Vector {
  readonly id: string;
  readonly system: string;
  readonly inputs: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
  readonly source: string;
}

const vectors = vectorFile as readonly Vector[];
type OpponentGame = { opponent: number; score?: number; result?: number };
const scoresOf = (games: readonly OpponentGame[]) => games.map((g) => (g.score ?? g.result) as GameScore);
const ratingsOf = (games: readonly OpponentGame[]) => games.map((g) => g.opponent);
const num = (value: unknown) => value as number;
const nums = (value: unknown) => value as number[];

/** A newcomer (unrated, 0 games) in elo-provisional playing the given games, one event, rounds in order. */
function provisionalRun(
  games: readonly OpponentGame[],
  rounding = 'half-away-from-zero',
  start = player('me', null, 0),
): RatingResult {
  return rateEvents(
    'elo-provisional',
    { rounding },
    [start, ...opponents(ratingsOf(games))],
    [event('t1', '2025-01-31', gamesAgainstOpponents('me', scoresOf(games)))],
  );
}

/** Winner (white) beats loser, both established, one elo-provisional game. */
function eloProvisionalWin(winner: number, loser: number): RatingResult {
  return rateEvents(
    'elo-provisional',
    {},
    [player('w', winner), player('l', loser)],
    [event('t', '2025-01-31', [game('w', 'l', 1)])],
  );
}

const checks: Record<string, (v: Vector) => void> = {};
const on = (ids: readonly string[], check: (v: Vector) => void) => ids.forEach((id) => (checks[id] = check));
const idsStartingWith = (prefix: string) => vectors.filter((v) => v.id.startsWith(prefix)).map((v) => v.id);

on(idsStartingWith('s000-table-'), (v) => {
  const e = expectedScore(num(v.inputs.ratingDifference), 0);
  expect(e).toBeCloseTo(num(v.expected.expectedExact), 6);
  expect(Math.round(e * 100) / 100).toBe(v.expected.expectedRounded2);
});
on(['s000-k-bands'], (v) => expect(nums(v.inputs.ratings).map(eloProvisionalK)).toEqual(v.expected.K));
on(['s000-719-d718', 's000-719-d720', 's000-719-d721'], (v) => {
  const { winner, loser, K } = v.inputs as { winner: number; loser: number; K: number };
  expect(K * (1 - expectedScore(winner, loser))).toBeCloseTo(num(v.expected.winnerGainExact), 5);
  const result = eloProvisionalWin(winner, loser);
  expect(after(result, 'w').rating).toBe(v.expected.winnerNew);
  expect(after(result, 'l').rating).toBe(v.expected.loserNew);
  expect(after(result, 'w').rating === winner).toBe(v.expected.changeIsZero);
});
on(['s000-zero-sum-breaks'], (v) => {
  const { winner, loser } = v.inputs as { winner: number; loser: number };
  const e = expectedScore(winner, loser);
  expect(eloProvisionalK(winner) * (1 - e)).toBeCloseTo(num(v.expected.winnerGainExact), 4);
  expect(eloProvisionalK(loser) * (0 - (1 - e))).toBeCloseTo(num(v.expected.loserChangeExact), 4);
  const result = eloProvisionalWin(winner, loser);
  expect(after(result, 'w').rating).toBe(v.expected.winnerNew);
  expect(after(result, 'l').rating).toBe(v.expected.loserNew);
});
on(['s000-prov-first-game', 's000-prov-three-games'], (v) => {
  const result = provisionalRun(v.inputs.games as OpponentGame[]);
  const me = after(result, 'me');
  expect(me.rating).toBe(v.expected.Ep);
  expect(me.carry).toEqual({
    opponentRatingSum: num(v.expected.Ea) * me.games,
    winsMinusLosses: num(v.expected.GminusP),
  });
  if (v.expected.display) expect(formatRating(me.rating as number, me.provisional)).toBe(v.expected.display);
});
on(['s000-vs-first-game-opponent'], (v) => {
  const { own, opponentGamesBefore, result } = v.inputs as {
    own: number;
    opponentGamesBefore: number;
    result: GameScore;
  };
  const outcome = rateEvents(
    'elo-provisional',
    {},
    [player('me', own), player('new', null, opponentGamesBefore)],
    [event('t', '2025-01-31', [game('me', 'new', result)])],
  );
  expect(changeOf(outcome, 'me').gameRows[0].opponentRating).toBe(v.inputs.opponent);
  expect(after(outcome, 'me').k).toBe(v.expected.Keff);
  expect(after(outcome, 'me').rating).toBe(v.expected.new);
});
on(['s000-prov-beat-1100', 's000-prov-beat-1000'], (v) => {
  const previous = v.inputs.previousGames as OpponentGame[];
  const next = v.inputs.newGame as OpponentGame;
  // Ten games, then the carry handed back for game 11: the running sums survive between runs.
  const first = provisionalRun(previous, 'none');
  const before = after(first, 'me');
  expect(before.rating).toBe(v.expected.EpBefore);
  const run = (rounding: string) =>
    rateEvents(
      'elo-provisional',
      { rounding },
      [{ ...before, id: 'me' }, player('x', next.opponent)],
      [event('t2', '2025-02-28', [game('me', 'x', next.result as GameScore)])],
    );
  expect(after(run('none'), 'me').rating).toBeCloseTo(num(v.expected.EpAfterExact), 4);
  const rounded = after(run('half-away-from-zero'), 'me').rating as number;
  expect(rounded).toBe(v.expected.EpAfter);
  expect(rounded < num(v.expected.EpBefore) ? 'down' : 'up').toBe(v.expected.direction);
});
on(['s000-floor'], (v) => {
  for (const rounding of ['none', 'half-away-from-zero']) {
    expect(after(provisionalRun(v.inputs.games as OpponentGame[], rounding), 'me').rating).toBe(v.expected.Ep);
  }
  // Before the clamp the formula gives −400: the event's (linear) performance shows it.
  expect(changeOf(provisionalRun(v.inputs.games as OpponentGame[]), 'me').performance).toBe(v.expected.EpExact);
});
on(['s000-k-scaled-provisional-opponent'], (v) => {
  const { own, opponent, opponentGamesBefore, result } = v.inputs as {
    own: number;
    opponent: number;
    opponentGamesBefore: number;
    result: GameScore;
  };
  const outcome = rateEvents(
    'elo-provisional',
    {},
    [player('me', own), player('prov', opponent, opponentGamesBefore)],
    [event('t', '2025-01-31', [game('me', 'prov', result)])],
  );
  expect(changeOf(outcome, 'me').k).toBe(v.expected.Keff);
  expect(changeOf(outcome, 'me').change).toBe(v.expected.change);
  expect(after(outcome, 'me').rating).toBe(v.expected.new);
});
on(['s000-categories'], (v) =>
  expect(nums(v.inputs.ratings).map((r) => categoryOf(r).name)).toEqual(v.expected.category),
);
on(idsStartingWith('s002-1'), (v) => checkCalculator(v));
on(idsStartingWith('s002-2'), (v) => checkCalculator(v));
function checkCalculator(v: Vector) {
  const { own, opponent, score, K } = v.inputs as { own: number; opponent: number; score: GameScore; K: number };
  const result = calculateGame({ rating: own, opponent, score, k: K });
  expect(result.expected).toBeCloseTo(num(v.expected.expected), 6);
  expect(own + result.change).toBeCloseTo(num(v.expected.newExact), 4);
  expect(result.newRating).toBe(v.expected.new);
}
on(['s002-400-advantage'], (v) => {
  const e = expectedScore(num(v.inputs.ratingDifference), 0);
  expect(e).toBeCloseTo(num(v.expected.expected), 6);
  expect(Math.round(e * 100) / 100).toBe(v.expected.expectedRounded2);
});
on(idsStartingWith('fide-pd-'), (v) => {
  const d = num(v.inputs.D);
  expect(fideScoringProbability(d)).toBe(v.expected.PD);
  expect(expectedScore(Math.max(d, 0) + 1000, Math.max(-d, 0) + 1000, 'fide-table')).toBe(v.expected.PD);
});
on(idsStartingWith('fide-dp-'), (v) =>
  expect(fideRatingDifference(Math.round(num(v.inputs.p) * 100))).toBe(v.expected.dp),
);
on(['fide-400rule-high'], (v) => {
  // Its 1000-rated opponent cannot be rated in a run (B.02 §7.2.1: below 1400 a player is unrated), so the
  // 400-point rule is checked on the system's expected score and K·Σ(S − PD), as the engine computes them.
  const { own, K } = v.inputs as { own: number; K: number };
  const games = v.inputs.games as OpponentGame[];
  const pd = games.map((g) => ratingSystems.fide.expectedScore(own, g.opponent, { date: '2025-06-30' }));
  expect(pd).toEqual(v.expected.PD);
  const sumDelta = scoresOf(games).reduce((sum: number, score, i) => sum + score - pd[i], 0);
  expect(sumDelta).toBeCloseTo(num(v.expected.sumDelta), 10);
  expect(K * sumDelta).toBeCloseTo(num(v.expected.changeExact), 10);
  expect(roundHalfAwayFromZero(K * sumDelta)).toBe(v.expected.changeRounded);
});
on(['fide-400rule-low'], (v) => {
  const { own, K } = v.inputs as { own: number; K: number };
  const games = v.inputs.games as OpponentGame[];
  const result = rateAgainst('fide', player('me', own), ratingsOf(games), scoresOf(games), {}, '2025-06-30');
  const change = changeOf(result, 'me');
  expect(change.k).toBe(K);
  expect(change.gameRows.map((g) => g.expected)).toEqual(v.expected.PD);
  expect(change.change).toBeCloseTo(num(v.expected.changeExact), 10);
  expect(after(result, 'me').rating).toBe(own + num(v.expected.changeRounded));
});
on(['fide-k-times-n-700'], (v) =>
  expect((v.inputs.cases as [number, number][]).map(([k, n]) => capKForGames(k, n))).toEqual(v.expected.K),
);
on(['fide-k-selection'], (v) => {
  type Case = { gamesCompletedBeforeEvent: number; rating: number; juniorEligible: boolean; everReached2400: boolean };
  const year = 2026;
  const ks = (v.inputs.cases as Case[]).map((c) =>
    fideKFactor({
      games: c.gamesCompletedBeforeEvent,
      rating: c.rating,
      birthYear: c.juniorEligible ? year - 18 : year - 40,
      year,
      everReached2400: c.everReached2400,
    }),
  );
  expect(ks).toEqual(v.expected.K);
});
on(['fide-initial-5x1800-wins', 'fide-initial-cap-2200', 'fide-initial-p-rounding-tie'], (v) => {
  const games = v.inputs.games as OpponentGame[];
  const pooled = {
    opponentRatingSum: ratingsOf(games).reduce((a, b) => a + b, 0),
    score: scoresOf(games).reduce((a: number, b) => a + b, 0),
    games: games.length,
  };
  const initial = fideInitialRating(pooled);
  expect(initial.ra).toBeCloseTo(num(v.expected.Ra), 10);
  expect(initial.p).toBe(v.expected.p);
  expect(initial.dp).toBe(v.expected.dp);
  expect(initial.rating).toBe(v.expected.Ru);
  if (v.expected.RuUncapped !== undefined) expect(initial.uncapped).toBe(v.expected.RuUncapped);
  if (v.expected.RuIfRoundedDown !== undefined)
    expect(fideInitialRating(pooled, 'half-down').rating).toBe(v.expected.RuIfRoundedDown);
  // The same through the engine: the unrated player is published at the end of the period.
  const result = rateAgainst('fide', player('me', null, 0), ratingsOf(games), scoresOf(games));
  expect(after(result, 'me').rating).toBe(v.expected.Ru);
});
on(['fqe-table'], (v) => {
  const ds = nums(v.inputs.D);
  const percent = (e: number) => Math.round(e * 100);
  expect(ds.map((d) => percent(fqe.expectedScore(d + 1000, 1000)))).toEqual(v.expected.percentFIDE);
  expect(ds.map((d) => percent(expectedScore(d + 1000, 1000, 'logistic')))).toEqual(v.expected.percentLogistic);
  expect(ds.map((d) => percent(normalCdf(d / (200 * Math.SQRT2))))).toEqual(v.expected.percentNormalSigma200sqrt2);
});
on(['fqe-cas1', 'fqe-cas2'], (v) => {
  const games = v.inputs.games as OpponentGame[];
  const result = rateAgainst('fqe', player('me', num(v.inputs.rating)), ratingsOf(games), scoresOf(games));
  const change = changeOf(result, 'me');
  expect(change.performance).toBe(v.expected.performance);
  if (v.expected.performanceClaimedBySeed !== undefined)
    expect(change.performance).not.toBe(v.expected.performanceClaimedBySeed);
  expect(change.expected).toBe(v.expected.expectedSum);
  expect(change.change).toBe(v.expected.change);
  expect(after(result, 'me').rating).toBe(v.expected.new);
});
on(['fqe-bonus-seed-example'], (v) => {
  const { rounds, change } = v.inputs as { rounds: number; change: number };
  expect(16 + 2 * rounds).toBe(v.expected.limit);
  expect(fqeBonus(change, rounds)).toBe(v.expected.bonus);
  expect(change + fqeBonus(change, rounds)).toBe(v.expected.totalChange);
});
on(['fqe-bonus-none-below-limit'], (v) => {
  const totals = (v.inputs.cases as [number, number][]).map(([rounds, change]) => change + fqeBonus(change, rounds));
  expect(totals).toEqual(v.expected.totalChange);
});
on(['fqe-permanent-with-bonus', 'fqe-over-2200-halved'], (v) => {
  const games = v.inputs.games as OpponentGame[];
  const run = (params: Record<string, unknown> = {}) =>
    rateAgainst('fqe', player('me', num(v.inputs.rating)), ratingsOf(games), scoresOf(games), params);
  const result = run();
  const change = changeOf(result, 'me');
  expect(change.expected).toBeCloseTo(num(v.expected.expectedSum), 10);
  expect(change.score).toBe(v.expected.score);
  expect(change.k).toBe(v.expected.K);
  expect(change.change).toBeCloseTo(num(v.expected.rawChange), 10);
  expect(change.bonus).toBeCloseTo(num(v.expected.bonus), 10);
  expect(after(result, 'me').rating).toBe(v.expected.new);
  if (v.expected.newIfRawRoundedFirst !== undefined)
    expect(after(run({ roundBeforeBonus: true }), 'me').rating).toBe(v.expected.newIfRawRoundedFirst);
  if (v.expected.newIfBonusAppliedBeforeHalving !== undefined) {
    expect(after(run({ bonusOnHalvedChange: false }), 'me').rating).toBe(v.expected.newIfBonusAppliedBeforeHalving);
  }
});
on(['fqe-first-tournament-1200'], (v) => {
  expect(fqeFirstTournamentRating(num(v.inputs.firstTournamentPerformance))).toBe(v.expected.rating);
  // Through the engine: a newcomer's first tournament with a performance of 1000 (2/4 against 1000s).
  const result = rateAgainst('fqe', player('me', null, 0), [1000, 1000, 1000, 1000], [1, 1, 0, 0]);
  expect(changeOf(result, 'me').performance).toBe(v.inputs.firstTournamentPerformance);
  expect(after(result, 'me').rating).toBe(v.expected.rating);
});
on(['fqe-provisional-threshold'], (v) => {
  const methods = (v.inputs.cases as [number, number][]).map(([before, inTournament]) =>
    fqeMethod(before, inTournament),
  );
  expect(methods.map((m) => (m === 'provisional' ? 'provisional (performance of all games)' : m))).toEqual(
    v.expected.method,
  );
});
on(['glicko2-no-games'], (v) => {
  const { rating, RD, volatility } = v.inputs as { rating: number; RD: number; volatility: number };
  const result = rateEvents(
    'glicko2',
    {},
    [player('idle', rating, 10, { rd: RD, volatility }), player('a', 1500), player('b', 1500)],
    [event('t', '2025-01-31', [game('a', 'b', 0.5)])],
  );
  const idle = after(result, 'idle');
  expect(idle.rating).toBe(v.expected.rating);
  expect(idle.rd).toBeCloseTo(num(v.expected.RD), 4);
  expect(idle.volatility).toBe(v.expected.volatility);
});

/** Φ(x) by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7): only to show the Quebec cote page's table is not the normal curve. */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

describe('the vectors', () => {
  const checked = new Set<string>();

  it.each(vectors.map((v) => [v.id, v] as const))('%s', (id, v) => {
    const check = checks[id];
    expect(check).toBeDefined();
    check(v);
    checked.add(id);
  });

  it('checks every vector of the file, and nothing else', () => {
    const ids = vectors.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(checks).sort()).toEqual([...ids].sort());
    expect([...checked].sort()).toEqual([...ids].sort());
  });
});
