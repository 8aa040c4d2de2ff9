import { SeededRandom } from './random';
import { CITIES, CLUB_NAMES, FOREIGN_FEDERATIONS, NAME_POOLS, TOURNAMENT_NAMES } from './names';
import { newSwissState, roundRobinPairings, swissRound, type Pairing } from './pairing';

/**
 * The demo federation as plain data: players with a hidden playing strength, and for every pool and
 * month the tournaments they played, with results drawn from the Elo expectation of those strengths.
 * seed-demo then pushes all of it through the real workflow.
 */
export interface DemoPlayer {
  key: number;
  surname: string;
  givenName: string;
  sex: 'M' | 'F';
  birthDate: string;
  federation: string;
  club: string;
  nationalId: string;
  fideId: string | null;
  /** Strength at the start of the demo, on the Elo scale; never shown. */
  strength: number;
  /** Monthly drift of the strength: juniors improve, some seniors decline. */
  drift: number;
  /** Chance of playing in a given month, per pool. */
  activity: number;
  /** FIDE titles, for the strongest FIDE-rated players. */
  titles: string[];
  /** Month of the demo (0 = the first) from which he plays: founding members 0, newcomers later. */
  joinMonth: number;
  /** Last month he plays, for the few who stop (and are then marked inactive); null for everyone else. */
  lastMonth: number | null;
}

export type DemoResult = '1-0' | '0-1' | '1/2-1/2' | '+/-' | '-/+';

export interface DemoGame {
  round: number;
  /** 0 for a bye (no board). */
  board: number;
  white: number;
  /** null: a bye (full point for the pairing bye, half point when requested). */
  black: number | null;
  result: DemoResult | 'BYE' | 'HALF_BYE';
  playedOn: string;
}

export interface DemoTournament {
  pool: string;
  name: string;
  city: string;
  type: 'SWISS' | 'ROUND_ROBIN';
  startDate: string;
  endDate: string;
  rounds: number;
  timeControl: string;
  participants: number[];
  games: DemoGame[];
}

export interface DemoPoolPlan {
  /** The pool: code, names (English, French) and the rating system that rates it. */
  code: string;
  name: string;
  nameFr: string;
  ratingSystemId: string;
  /**
   * Who starts with a rating imported from the federation's previous lists: everyone (but the newcomers),
   * only the FIDE-rated players, or nobody (the system rates from nothing).
   */
  startingRatings: 'members' | 'fide-rated' | 'none';
  /** Tournaments per month and per 1,000 players who may play, with their size and rounds. */
  events: { perThousandPlayers: number; players: [number, number]; rounds: [number, number]; roundRobinShare: number };
  timeControl: string;
  /** Days a tournament lasts (1 for rapid/blitz/online). */
  days: number;
  /** Added to tournament names so the pools' events are told apart. */
  nameSuffix: string;
}

/**
 * The four pools, one per population system of docs/rating-rules.md. Event counts are set so that a member
 * plays a few standard events a year and the most active ones a dozen, as in a national federation.
 */
export const DEMO_POOL_PLANS: readonly DemoPoolPlan[] = [
  {
    code: 'standard',
    name: 'Standard',
    nameFr: 'Lente',
    ratingSystemId: 'fqe',
    startingRatings: 'members',
    events: { perThousandPlayers: 4, players: [16, 60], rounds: [5, 9], roundRobinShare: 0.2 },
    timeControl: '90 min + 30 s',
    days: 3,
    nameSuffix: '',
  },
  {
    code: 'rapid',
    name: 'Rapid',
    nameFr: 'Rapide',
    ratingSystemId: 'fide',
    startingRatings: 'fide-rated',
    events: { perThousandPlayers: 2.5, players: [24, 80], rounds: [7, 9], roundRobinShare: 0.1 },
    timeControl: '15 min + 10 s',
    days: 1,
    nameSuffix: ' (rapide)',
  },
  {
    code: 'blitz',
    name: 'Blitz',
    nameFr: 'Blitz',
    ratingSystemId: 'elo-provisional',
    startingRatings: 'members',
    events: { perThousandPlayers: 2.5, players: [16, 50], rounds: [9, 11], roundRobinShare: 0.25 },
    timeControl: '3 min + 2 s',
    days: 1,
    nameSuffix: ' (blitz)',
  },
  {
    code: 'online',
    name: 'Online',
    nameFr: 'En ligne',
    ratingSystemId: 'glicko2',
    startingRatings: 'none',
    events: { perThousandPlayers: 4, players: [16, 40], rounds: [7, 9], roundRobinShare: 0 },
    timeControl: '5 min + 3 s',
    days: 1,
    nameSuffix: ' (en ligne)',
  },
];

/** Elo's expectation, used to draw believable results from hidden strengths. */
const expectation = (a: number, b: number) => 1 / (1 + 10 ** ((b - a) / 400));
/** Share of forfeits among pairings (they happen, and are never rated). */
const FORFEIT_RATE = 0.01;
/** Share of players asking for a half-point bye in a Swiss round. */
const HALF_BYE_RATE = 0.015;

/** Share of the players who join during the demo rather than before it (the newcomers). */
const NEWCOMER_SHARE = 0.15;
/** Share of the founding members who stop playing during the demo's first half (then marked inactive). */
const STOPPING_SHARE = 0.01;
/** Age bands [6-19, 20-49, 50-85] by weight: members overall, and newcomers (mostly juniors). */
const MEMBER_AGE_WEIGHTS = [38, 37, 25];
const NEWCOMER_AGE_WEIGHTS = [70, 20, 10];
/**
 * Rating a title needs (FIDE Handbook B.01, title regulations: GM 2500, IM 2400, FM 2300, CM 2200; WGM 2300,
 * WIM 2200, WFM 2100, WCM 2000), applied to the hidden strength, highest first.
 */
const OPEN_TITLES: readonly [string, number][] = [
  ['GM', 2500],
  ['IM', 2400],
  ['FM', 2300],
  ['CM', 2200],
];
const WOMEN_TITLES: readonly [string, number][] = [
  ['WGM', 2300],
  ['WIM', 2200],
  ['WFM', 2100],
  ['WCM', 2000],
];

function titlesFor(strength: number, sex: 'M' | 'F', fideRated: boolean): string[] {
  if (!fideRated) return [];
  const open = OPEN_TITLES.find(([, min]) => strength >= min);
  if (open) return [open[0]];
  const women = sex === 'F' ? WOMEN_TITLES.find(([, min]) => strength >= min) : undefined;
  return women ? [women[0]] : [];
}

/** `count` players for a demo of `months` months whose last year is `referenceYear`. */
export function generatePlayers(
  random: SeededRandom,
  count: number,
  referenceYear: number,
  months: number,
): DemoPlayer[] {
  const players: DemoPlayer[] = [];
  const usedNationalIds = new Set<string>();
  for (let key = 0; key < count; key++) {
    const joinMonth = months > 1 && random.next() < NEWCOMER_SHARE ? random.int(1, months - 1) : 0;
    const pool = random.weighted(
      NAME_POOLS,
      NAME_POOLS.map((p) => p.weight),
    );
    const sex: 'M' | 'F' = random.next() < 0.16 ? 'F' : 'M';
    const ageWeights = joinMonth === 0 ? MEMBER_AGE_WEIGHTS : NEWCOMER_AGE_WEIGHTS;
    const age = Math.round(
      Math.min(
        88,
        Math.max(6, random.weighted([random.int(6, 19), random.int(20, 49), random.int(50, 85)], ageWeights)),
      ),
    );
    const birthYear = referenceYear - age;
    const birthDate = `${birthYear}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    const ageStrength = age < 18 ? -380 + age * 18 : age > 65 ? -60 : 0;
    const strength = Math.round(
      Math.min(2650, Math.max(500, random.normal(1580 + ageStrength - (sex === 'F' ? 40 : 0), 320))),
    );
    const drift = age < 20 ? random.normal(9, 5) : age > 65 ? random.normal(-1.5, 1) : random.normal(0, 1.5);
    let nationalId: string;
    do nationalId = `Q${String(random.int(100000, 999999))}`;
    while (usedNationalIds.has(nationalId));
    usedNationalIds.add(nationalId);
    const fideId = strength > 1650 && random.next() < 0.6 ? String(2_000_000 + key * 37 + random.int(0, 36)) : null;
    players.push({
      key,
      surname: random.pick(pool.surnames),
      givenName: random.pick(sex === 'F' ? pool.female : pool.male),
      sex,
      birthDate,
      federation: pool.federation === 'INT' ? random.pick(FOREIGN_FEDERATIONS) : pool.federation,
      club: random.pick(CLUB_NAMES),
      nationalId,
      fideId,
      strength,
      drift,
      activity: Math.min(0.95, Math.max(0.04, random.normal(0.3, 0.18))),
      titles: titlesFor(strength, sex, fideId !== null),
      joinMonth,
      lastMonth: null,
    });
  }
  const founders = players.filter((player) => player.joinMonth === 0);
  const stopping = random.sample(founders, Math.min(founders.length, Math.max(1, Math.round(count * STOPPING_SHARE))));
  for (const player of stopping) player.lastMonth = random.int(0, Math.max(0, Math.floor(months / 2) - 1));
  return players;
}

/** The players who may play in a month of the demo: joined, and not stopped. */
export const playersOf = (players: readonly DemoPlayer[], monthIndex: number): DemoPlayer[] =>
  players.filter(
    (player) => player.joinMonth <= monthIndex && (player.lastMonth === null || monthIndex <= player.lastMonth),
  );

/** Strength after `months` of the demo. */
export const strengthAt = (player: DemoPlayer, months: number) => player.strength + player.drift * months;

function playGame(random: SeededRandom, white: DemoPlayer, black: DemoPlayer, month: number): DemoResult {
  if (random.next() < FORFEIT_RATE) return random.next() < 0.5 ? '+/-' : '-/+';
  const a = strengthAt(white, month) + 25; // the first move is worth a little
  const b = strengthAt(black, month);
  const e = expectation(a, b);
  const level = (a + b) / 2;
  const drawShare = Math.min(0.55, Math.max(0.08, 0.12 + (level - 1200) / 3000)) * (1 - Math.abs(e - 0.5));
  const x = random.next();
  if (x < e - drawShare / 2) return '1-0';
  if (x < e + drawShare / 2) return '1/2-1/2';
  return '0-1';
}

const pointsOf = (result: DemoGame['result']): [number, number] =>
  result === '1-0' || result === '+/-'
    ? [1, 0]
    : result === '0-1' || result === '-/+'
      ? [0, 1]
      : result === '1/2-1/2'
        ? [0.5, 0.5]
        : result === 'BYE'
          ? [1, 0]
          : [0.5, 0];

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The tournaments of one pool in one month (`monthIndex` counts from the first demo month). */
export function generateMonth(
  random: SeededRandom,
  players: readonly DemoPlayer[],
  plan: DemoPoolPlan,
  year: number,
  month: number,
  monthIndex: number,
): DemoTournament[] {
  const tournaments: DemoTournament[] = [];
  const playedThisMonth = new Set<number>();
  const eventCount = Math.max(1, Math.round((plan.events.perThousandPlayers * players.length) / 1000));
  for (let t = 0; t < eventCount; t++) {
    const roundRobin = random.next() < plan.events.roundRobinShare;
    const size = roundRobin ? random.int(8, 12) : random.int(plan.events.players[0], plan.events.players[1]);
    // A round robin gathers players of similar strength; an open takes whoever comes.
    const anchor = roundRobin ? random.normal(1700, 300) : null;
    const candidates = players.filter(
      (p) =>
        !playedThisMonth.has(p.key) &&
        random.next() <
          p.activity * (anchor === null ? 1 : Math.exp(-(((strengthAt(p, monthIndex) - anchor) / 200) ** 2))),
    );
    if (candidates.length < 6) continue;
    const entrants = random.sample(candidates, Math.min(size, candidates.length));
    entrants.sort((a, b) => strengthAt(b, monthIndex) - strengthAt(a, monthIndex));
    entrants.forEach((p) => playedThisMonth.add(p.key));

    const rounds = roundRobin
      ? entrants.length % 2 === 0
        ? entrants.length - 1
        : entrants.length
      : random.int(plan.events.rounds[0], plan.events.rounds[1]);
    const startDay = random.int(1, 28 - plan.days);
    const city = random.pick(CITIES);
    const games: DemoGame[] = [];
    // A multi-day event spreads its rounds over its days.
    const dayOf = (round: number) => isoDate(year, month, startDay + Math.floor(((round - 1) * plan.days) / rounds));
    const pairingsOf = roundRobin ? roundRobinPairings(entrants.length) : null;
    const swiss = roundRobin ? null : newSwissState(entrants.length);
    for (let round = 1; round <= rounds; round++) {
      let pairings: Pairing[];
      if (pairingsOf) pairings = pairingsOf.filter((p) => p.round === round);
      else {
        const halfByes = entrants
          .map((_, i) => i)
          .filter(() => round > 1 && round < rounds && random.next() < HALF_BYE_RATE);
        for (const i of halfByes) {
          games.push({
            round,
            board: 0,
            white: entrants[i].key,
            black: null,
            result: 'HALF_BYE',
            playedOn: dayOf(round),
          });
          swiss!.score[i] += 0.5;
        }
        const available = entrants.map((_, i) => i).filter((i) => !halfByes.includes(i));
        pairings = swissRound(swiss!, round, available);
      }
      for (const pairing of pairings) {
        const white = entrants[pairing.white];
        if (pairing.black === null) {
          games.push({ round, board: 0, white: white.key, black: null, result: 'BYE', playedOn: dayOf(round) });
          if (swiss) swiss.score[pairing.white] += 1;
          continue;
        }
        const black = entrants[pairing.black];
        const result = playGame(random, white, black, monthIndex);
        games.push({ round, board: pairing.board, white: white.key, black: black.key, result, playedOn: dayOf(round) });
        if (swiss) {
          const [w, b] = pointsOf(result);
          swiss.score[pairing.white] += w;
          swiss.score[pairing.black] += b;
        }
      }
    }
    tournaments.push({
      pool: plan.code,
      name: `${random.pick(TOURNAMENT_NAMES).replace('{city}', city)} ${year}${plan.nameSuffix}`,
      city,
      type: roundRobin ? 'ROUND_ROBIN' : 'SWISS',
      startDate: isoDate(year, month, startDay),
      endDate: isoDate(year, month, startDay + plan.days - 1),
      rounds,
      timeControl: plan.timeControl,
      participants: entrants.map((p) => p.key),
      games,
    });
  }
  return tournaments;
}
