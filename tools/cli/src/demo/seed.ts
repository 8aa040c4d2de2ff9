import {
  completeDemoSeed,
  correctGameResult,
  createPlayer,
  createPlayers,
  createPool,
  createStaffUser,
  importRatingList,
  mergePlayers,
  publishRatingList,
  registerTournament,
  republishRatingList,
  runRatingPeriod,
  startDemoSeed,
  updatePlayer,
  type DemoSeedOptions,
  type Game,
  type ImportedRating,
  type RatingsDataSource,
  type WriteContext,
} from '@ratings/core';
import { addMonths, FIDE_LISTING_THRESHOLD } from '@ratings/rating-rules';
import { count, counted, duration } from '../io';
import type { Progress } from '../progress';
import {
  DEMO_POOL_PLANS,
  generateMonth,
  generatePlayers,
  playersOf,
  type DemoPlayer,
  type DemoPoolPlan,
  type DemoTournament,
} from './federation';
import { SeededRandom } from './random';

/**
 * The demo's latest list: the current one on 2026-11-30. The window is counted back from this fixed month,
 * never from the clock, so that the same seed builds the same federation on any day.
 */
export const DEMO_LAST_LIST = '2026-11';
export const DEFAULT_DEMO_SEED = 2026;
export const DEFAULT_DEMO_PLAYERS = 5_000;
export const DEFAULT_DEMO_MONTHS = 24;

/** Share of the founding members with a rating on the federation's previous list (the others never played rated). */
const RATED_MEMBER_SHARE = 0.9;
/** Spread of a starting rating around the hidden strength: a rating is an estimate, not the truth. */
const STARTING_RATING_NOISE = 70;
/** Share of the rated members still within their first games (provisional under most systems). */
const RECENT_MEMBER_SHARE = 0.15;
/** The pool where a duplicate registration is merged, and the one whose list is corrected and republished (and why). */
const MERGE_POOL = 'standard';
const REPUBLISHED_POOL = 'standard';
const CORRECTION_REASON = "Result entered the wrong way round; corrected from the arbiter's scoresheet";
const REPUBLICATION_REASON = 'Correction of one game result reported by the arbiter after publication';

/**
 * The demo's arbiter, whose account anyone trying the console signs in with (a demo's password is public: never
 * seed a federation that is in use). After the last list he entered three tournaments of the next period: two
 * submitted and waiting for the rating officer's review — the first with a player registered twice at the door,
 * which its checks flag as a likely duplicate — and a draft.
 */
export const DEMO_ARBITER = {
  email: 'arbiter@demo.example',
  displayName: 'Lucie Arsenault',
  password: 'demo arbiter password',
} as const;
const ARBITER_TOURNAMENTS = 3;
const ARBITER_SUBMITTED = 2;

export interface SeededPool {
  readonly code: string;
  readonly ratingSystemId: string;
  readonly lists: number;
  readonly tournaments: number;
  readonly games: number;
  /** The latest list: id, period, players listed. */
  readonly current: { readonly listId: number; readonly period: string; readonly listed: number };
}

export interface SeedSummary {
  readonly players: number;
  readonly newcomers: number;
  readonly inactive: number;
  readonly pools: readonly SeededPool[];
  readonly republished: {
    readonly pool: string;
    readonly period: string;
    readonly listId: number;
    readonly gameId: number;
  } | null;
  readonly merged: { readonly kept: number; readonly removed: number; readonly name: string } | null;
  /** The demo arbiter's tournaments of the period after the last list. */
  readonly arbiter: {
    readonly email: string;
    readonly period: string;
    readonly submitted: number;
    readonly drafts: number;
  };
  readonly elapsedMs: number;
}

/**
 * Builds a demo federation through the real workflow: pools, players, starting ratings, then month by month
 * each pool's tournaments registered and submitted, its period run and published — plus a merged duplicate, a
 * corrected and republished list and a few players who stop. Refuses (CONFLICT) a federation that is not
 * empty. The seed's start and completion are recorded, so an interrupted one is recognised as such.
 */
export async function seedDemo(
  db: RatingsDataSource,
  options: DemoSeedOptions,
  operator: WriteContext,
  progress: Progress,
): Promise<SeedSummary> {
  const started = Date.now();
  const run = await startDemoSeed(db, options, operator);
  // Every write carries the seed's tag: an interrupted seed's rows can then be told from anyone else's.
  const ctx = run.context;
  const firstList = addMonths(DEMO_LAST_LIST, 1 - options.months);
  const referenceYear = Number(DEMO_LAST_LIST.slice(0, 4));
  const demoPlayers = generatePlayers(
    new SeededRandom(streamSeed(options.seed, 0)),
    options.players,
    referenceYear,
    options.months,
  );

  for (const plan of DEMO_POOL_PLANS) {
    await createPool(
      db,
      {
        code: plan.code,
        name: plan.name,
        nameFr: plan.nameFr,
        ratingSystemId: plan.ratingSystemId,
        description: `Demo pool: ${plan.timeControl}`,
      },
      ctx,
    );
  }
  progress.log(
    `Created ${DEMO_POOL_PLANS.length} pools: ${DEMO_POOL_PLANS.map((plan) => `${plan.code} (${plan.ratingSystemId})`).join(', ')}.`,
  );

  const ids = new Map<number, number>();
  const founders = demoPlayers.filter((player) => player.joinMonth === 0);
  await register(db, founders, ids, ctx);
  const later = demoPlayers.length - founders.length;
  progress.log(
    `Registered ${counted(founders.length, 'player')}${later > 0 ? `; ${counted(later, 'newcomer')} will join over the months` : ''}.`,
  );

  const startingPeriod = addMonths(firstList, -1);
  for (const [index, plan] of DEMO_POOL_PLANS.entries()) {
    const ratings = startingRatings(new SeededRandom(streamSeed(options.seed, 1, index)), plan, founders, ids);
    if (ratings.length === 0) continue;
    await importRatingList(db, { poolCode: plan.code, period: startingPeriod, ratings }, ctx);
    progress.log(`Imported ${counted(ratings.length, 'starting rating')} into ${plan.code} (list ${startingPeriod}).`);
  }

  const totals = new Map(
    DEMO_POOL_PLANS.map((plan) => [
      plan.code,
      { lists: 0, tournaments: 0, games: 0, current: { listId: 0, period: '', listed: 0 } },
    ]),
  );
  const mergeMonth = Math.floor(options.months / 2);
  const republishMonth = Math.max(0, options.months - 3);
  let merged: SeedSummary['merged'] = null;
  let republished: SeedSummary['republished'] = null;

  for (let month = 0; month < options.months; month++) {
    const period = addMonths(firstList, month);
    const played = addMonths(period, -1);
    const [year, monthOfYear] = played.split('-').map(Number);
    const newcomers = demoPlayers.filter((player) => player.joinMonth === month && month > 0);
    if (newcomers.length > 0) await register(db, newcomers, ids, ctx);
    const available = playersOf(demoPlayers, month);
    const monthLine: string[] = [];
    let monthGames = 0;

    for (const [index, plan] of DEMO_POOL_PLANS.entries()) {
      const label = `${period} · ${plan.code}`;
      const tournaments = generateMonth(
        new SeededRandom(streamSeed(options.seed, 2, month, index)),
        available,
        plan,
        year,
        monthOfYear,
        month,
      );
      // A player registered a second time at the door of an event: the officer merges him before the run.
      const duplicate =
        month === mergeMonth && plan.code === MERGE_POOL && tournaments.length > 0
          ? await registerDuplicate(db, demoPlayers, tournaments[0], ctx)
          : null;
      const registered: Game[][] = [];
      for (const [number, tournament] of tournaments.entries()) {
        progress.status(`${label}: registering tournament ${number + 1}/${tournaments.length}`);
        const playerId = (key: number) =>
          duplicate && number === 0 && key === duplicate.key ? duplicate.id : (ids.get(key) as number);
        registered.push(await registerDemoTournament(db, plan, tournament, playerId, ctx));
      }
      if (duplicate) {
        const result = await mergePlayers(db, { keep: ids.get(duplicate.key) as number, remove: duplicate.id }, ctx);
        merged = {
          kept: result.survivor.id,
          removed: result.alias.id,
          name: `${result.survivor.surname}, ${result.survivor.givenName}`,
        };
        progress.log(
          `${label}: merged duplicate player ${result.alias.id} into player ${result.survivor.id} (${merged.name}).`,
        );
      }

      progress.status(`${label}: rating ${counted(tournaments.length, 'tournament')}`);
      const report = await runRatingPeriod(db, { poolCode: plan.code, period }, ctx);
      progress.status(`${label}: publishing list ${report.listId}`);
      const list = await publishRatingList(db, report.listId, ctx);
      const games = registered.flat().filter((game) => game.blackPlayerId !== null).length;
      const total = totals.get(plan.code)!;
      total.lists += 1;
      total.tournaments += tournaments.length;
      total.games += games;
      total.current = { listId: list.id, period, listed: list.listedCount };

      const corrected =
        month === republishMonth && plan.code === REPUBLISHED_POOL ? firstDecisiveGame(registered) : undefined;
      if (corrected) {
        const revision = await correctAndRepublish(db, corrected, list.id, ctx);
        total.current = { listId: revision.id, period, listed: revision.listedCount };
        republished = { pool: plan.code, period, listId: revision.id, gameId: corrected.id };
        progress.log(
          `${label}: corrected game ${corrected.id} and republished the list as revision ${revision.revision} (list ${revision.id}).`,
        );
      }
      monthGames += games;
      monthLine.push(`${plan.code} ${tournaments.length}`);
    }
    progress.log(
      `${period} published (${month + 1}/${options.months}): tournaments ${monthLine.join(', ')}; ${count(monthGames)} games` +
        `${newcomers.length > 0 ? `; ${counted(newcomers.length, 'newcomer')}` : ''} — ${duration(Date.now() - started)}`,
    );
  }

  const stopped = demoPlayers.filter((player) => player.lastMonth !== null);
  for (const player of stopped)
    await updatePlayer(db, { playerId: ids.get(player.key) as number, status: 'INACTIVE' }, ctx);
  if (stopped.length > 0) progress.log(`Marked ${counted(stopped.length, 'player')} who stopped playing as inactive.`);
  const arbiter = await seedArbiter(db, options, demoPlayers, ids, ctx);
  progress.log(
    `${DEMO_ARBITER.email} entered ${counted(arbiter.submitted, 'tournament')} waiting for review and ${counted(arbiter.drafts, 'draft')} (period ${arbiter.period}).`,
  );
  await completeDemoSeed(db, run);

  return {
    players: demoPlayers.length,
    newcomers: demoPlayers.length - founders.length,
    inactive: stopped.length,
    pools: DEMO_POOL_PLANS.map((plan) => ({
      code: plan.code,
      ratingSystemId: plan.ratingSystemId,
      ...totals.get(plan.code)!,
    })),
    republished,
    merged,
    arbiter,
    elapsedMs: Date.now() - started,
  };
}

/**
 * Creates the demo arbiter and, as him, his tournaments of the month after the window (the next period, not
 * run): the first events each pool would hold that month, the first ones submitted, the last a draft.
 */
async function seedArbiter(
  db: RatingsDataSource,
  options: DemoSeedOptions,
  demoPlayers: readonly DemoPlayer[],
  ids: ReadonlyMap<number, number>,
  ctx: WriteContext,
): Promise<SeedSummary['arbiter']> {
  const account = await createStaffUser(db, { ...DEMO_ARBITER, role: 'ARBITER' }, ctx);
  // His writes carry the seed's tag too: an interrupted seed's removal recognises them.
  const arbiterCtx: WriteContext = {
    actor: { kind: 'staff', staffId: account.id, role: account.role, label: account.email },
    requestId: ctx.requestId,
  };
  const period = addMonths(DEMO_LAST_LIST, 1);
  const [year, monthOfYear] = addMonths(period, -1).split('-').map(Number);
  const available = playersOf(demoPlayers, options.months);
  const events = DEMO_POOL_PLANS.flatMap((plan, index) =>
    generateMonth(
      new SeededRandom(streamSeed(options.seed, 3, index)),
      available,
      plan,
      year,
      monthOfYear,
      options.months,
    )
      .slice(0, 1)
      .map((tournament) => ({ plan, tournament })),
  ).slice(0, ARBITER_TOURNAMENTS);
  let submitted = 0;
  for (const [number, { plan, tournament }] of events.entries()) {
    const duplicate = number === 0 ? await registerDuplicate(db, demoPlayers, tournament, arbiterCtx) : null;
    const playerId = (key: number) => (duplicate && key === duplicate.key ? duplicate.id : (ids.get(key) as number));
    const submit = number < ARBITER_SUBMITTED;
    await registerDemoTournament(db, plan, tournament, playerId, arbiterCtx, submit);
    if (submit) submitted += 1;
  }
  return { email: account.email, period, submitted, drafts: events.length - submitted };
}

/** Independent random streams per purpose, month and pool: changing one part of the demo leaves the others alone. */
function streamSeed(seed: number, ...parts: number[]): number {
  let hash = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  for (const part of parts) hash = Math.imul(hash ^ (part + 0x632be5ab), 0xc2b2ae35) >>> 0;
  return hash;
}

async function register(
  db: RatingsDataSource,
  players: readonly DemoPlayer[],
  ids: Map<number, number>,
  ctx: WriteContext,
): Promise<void> {
  const created = await createPlayers(
    db,
    players.map((player) => ({
      surname: player.surname,
      givenName: player.givenName,
      sex: player.sex,
      birthDate: player.birthDate,
      federation: player.federation,
      club: player.club,
      nationalId: player.nationalId,
      fideId: player.fideId,
      titles: player.titles,
    })),
    ctx,
  );
  players.forEach((player, index) => ids.set(player.key, created[index].id));
}

/**
 * The ratings a pool starts from, drawn around the hidden strengths: every rated member for a pool the
 * federation already rated, only the FIDE-rated players (at or above FIDE's listing floor) for a FIDE pool.
 */
function startingRatings(
  random: SeededRandom,
  plan: DemoPoolPlan,
  founders: readonly DemoPlayer[],
  ids: ReadonlyMap<number, number>,
): ImportedRating[] {
  if (plan.startingRatings === 'none') return [];
  const ratings: ImportedRating[] = [];
  for (const player of founders) {
    const rated = plan.startingRatings === 'members' ? random.next() < RATED_MEMBER_SHARE : player.fideId !== null;
    const rating = Math.round(random.normal(player.strength, STARTING_RATING_NOISE));
    const games = random.next() < RECENT_MEMBER_SHARE ? random.int(5, 20) : random.int(30, 400);
    if (!rated || (plan.startingRatings === 'fide-rated' && rating < FIDE_LISTING_THRESHOLD)) continue;
    ratings.push({ playerId: ids.get(player.key) as number, rating: Math.max(0, rating), games });
  }
  return ratings;
}

/** How the generator's results are recorded: a pairing bye is BYE_PAB, a requested half-point bye BYE_HALF. */
const RESULTS: Record<DemoTournament['games'][number]['result'], string> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '1/2-1/2',
  '+/-': '+/-',
  '-/+': '-/+',
  BYE: 'BYE_PAB',
  HALF_BYE: 'BYE_HALF',
};

async function registerDemoTournament(
  db: RatingsDataSource,
  plan: DemoPoolPlan,
  tournament: DemoTournament,
  playerId: (key: number) => number,
  ctx: WriteContext,
  submit = true,
): Promise<Game[]> {
  const { games } = await registerTournament(
    db,
    {
      poolCode: plan.code,
      name: tournament.name,
      city: tournament.city,
      federation: 'CAN',
      startDate: tournament.startDate,
      endDate: tournament.endDate,
      rounds: tournament.rounds,
      type: tournament.type,
      timeControl: tournament.timeControl,
      players: tournament.participants.map((key) => ({ playerId: playerId(key) })),
      games: tournament.games.map((game) => ({
        round: game.round,
        board: game.board === 0 ? null : game.board,
        white: playerId(game.white),
        black: game.black === null ? null : playerId(game.black),
        result: RESULTS[game.result],
        playedOn: game.playedOn,
      })),
      submit,
    },
    ctx,
  );
  return games;
}

/**
 * Registers, as a new player, a second record of a participant of `tournament` (the one in the middle of its
 * start list): his name typed without accents, no national or FIDE id — the usual duplicate of a player entered
 * at the door. Returns the key he replaces in that tournament and the duplicate's id.
 */
async function registerDuplicate(
  db: RatingsDataSource,
  players: readonly DemoPlayer[],
  tournament: DemoTournament,
  ctx: WriteContext,
): Promise<{ key: number; id: number }> {
  const key = tournament.participants[Math.floor(tournament.participants.length / 2)];
  const original = players[key];
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  const duplicate = await createPlayer(
    db,
    {
      surname: plain(original.surname),
      givenName: plain(original.givenName),
      sex: original.sex,
      birthDate: original.birthDate,
      federation: original.federation,
      club: original.club,
    },
    ctx,
  );
  return { key, id: duplicate.id };
}

/** An arbiter reports a result entered the wrong way round after publication: correct it and republish the list. */
async function correctAndRepublish(db: RatingsDataSource, game: Game, listId: number, ctx: WriteContext) {
  await correctGameResult(
    db,
    { gameId: game.id, result: game.result === '1-0' ? '0-1' : '1-0', reason: CORRECTION_REASON },
    ctx,
  );
  return republishRatingList(db, { listId, reason: REPUBLICATION_REASON }, ctx);
}

/** The first game won or lost over the board, in registration order (the one an arbiter reports as wrong). */
function firstDecisiveGame(tournaments: readonly Game[][]): Game | undefined {
  return tournaments.flat().find((game) => game.played && (game.result === '1-0' || game.result === '0-1'));
}
