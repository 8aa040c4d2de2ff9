import { MIN_BIRTH_YEAR, TOURNAMENT_TYPES, type GameResult, type Sex, type TournamentType } from '@ratings/db';
import type { TrfByeKind, TrfDate, TrfDocument, TrfGame, TrfPairings, TrfPlayer, TrfWarning } from '@ratings/trf';
import { DomainError } from '../errors';

/**
 * What an import will write, worked out from the parsed file alone (no database): the tournament's details,
 * its players as the file describes them, its games, and what was skipped or looked odd. Pure, so every rule
 * of "Tournaments in" is testable without a database.
 */
export interface ImportPlan {
  readonly tournament: PlannedTournament;
  readonly players: readonly PlannedPlayer[];
  readonly games: readonly PlannedGame[];
  readonly skipped: readonly SkippedEntry[];
  readonly warnings: readonly ImportWarning[];
}

export interface PlannedTournament {
  readonly name: string;
  readonly city: string | null;
  readonly federation: string | null;
  readonly startDate: string;
  readonly endDate: string;
  readonly rounds: number;
  readonly type: TournamentType;
  readonly timeControl: string | null;
  readonly chiefArbiter: string | null;
  readonly sourceFormat: 'TRF16' | 'TRF26';
}

/** A 001 record as a player of ours: how to find him, and what to create when he is new. */
export interface PlannedPlayer {
  readonly startRank: number;
  /** The 001 record's line, for messages. */
  readonly line: number | null;
  readonly surname: string;
  /** Null when the file's name has no comma (then the whole name is the surname: it cannot be split safely). */
  readonly givenName: string | null;
  readonly sex: Sex | null;
  readonly birthDate: string | null;
  readonly birthYear: number | null;
  readonly federation: string | null;
  readonly fideId: string | null;
  /** From a TRF-2026 national rating record naming this start rank. */
  readonly nationalId: string | null;
  readonly title: string | null;
  readonly ratingAtStart: number | null;
  readonly points: number | null;
}

export interface PlannedGame {
  readonly round: number;
  /** Start ranks; black is null for byes. */
  readonly white: number;
  readonly black: number | null;
  readonly result: GameResult;
  readonly played: boolean;
  readonly playedOn: string | null;
}

export interface SkippedEntry {
  readonly line: number | null;
  readonly reason: string;
}

/** A kind of oddity, counted: the first occurrence's message and line, and how many there were. */
export interface ImportWarning {
  readonly code: string;
  readonly message: string;
  readonly line: number | null;
  readonly count: number;
}

/** Column lengths of libs/db's Tournament and Player. */
const MAX_TOURNAMENT_NAME = 200;
const MAX_CITY = 100;
const MAX_ARBITER = 200;
const MAX_TIME_CONTROL = 100;
const MAX_PLAYER_NAME = 100;
const MAX_NATIONAL_ID = 32;

/** TRF sex codes → ours ('w' is TRF's "woman"). */
const SEX: Readonly<Record<'m' | 'w', Sex>> = { m: 'M', w: 'F' };

/**
 * Entries without an opponent → our bye codes. H F U Z are byes proper; the others are how files write an
 * unpaired round: `+`/`W` scored as a win (older files' pairing-allocated bye, or a forfeit win over nobody),
 * `D` as a draw, `-`/`L` as an absence. They keep their points as the nearest bye.
 */
const BYES: Readonly<Record<TrfByeKind, GameResult>> = {
  U: 'BYE_PAB',
  F: 'BYE_FULL',
  H: 'BYE_HALF',
  Z: 'BYE_ZERO',
  '+': 'BYE_FULL',
  W: 'BYE_FULL',
  D: 'BYE_HALF',
  '-': 'BYE_ZERO',
  L: 'BYE_ZERO',
};
const BYE_CODES_PROPER: readonly TrfByeKind[] = ['U', 'F', 'H', 'Z'];

/** Collects warnings, one entry per code with a count, so 276 missing federations make one line of the report. */
class WarningLog {
  private readonly byCode = new Map<string, { message: string; line: number | null; count: number }>();

  add(code: string, message: string, line: number | null = null): void {
    const seen = this.byCode.get(code);
    if (seen) seen.count += 1;
    else this.byCode.set(code, { message, line, count: 1 });
  }

  list(): ImportWarning[] {
    return [...this.byCode].map(([code, warning]) => ({ code, ...warning }));
  }
}

/**
 * Plans the import of a parsed file. Throws BAD_USER_INPUT when the file cannot become a tournament: no
 * usable start date, no name, an end before the start, no players, a FIDE id or national id given twice.
 */
export function planImport(document: TrfDocument, pairings: TrfPairings, fileName: string | null): ImportPlan {
  const warnings = new WarningLog();
  for (const warning of document.warnings) addTrfWarning(warnings, warning);
  const skipped: SkippedEntry[] = [];
  const tournament = planTournament(document, fileName, warnings);

  const opponents = new Set(pairings.games.flatMap((game) => [game.white, game.black]));
  const placeholders = new Set<number>();
  const nationalIds = new Map(
    document.nationalRatings.filter((record) => record.nationalId).map((record) => [record.startRank, record]),
  );
  const players: PlannedPlayer[] = [];
  for (const player of document.players) {
    const national = nationalIds.get(player.startRank);
    if (!opponents.has(player.startRank) && player.fideId === null && !national && player.birthDate?.year == null) {
      placeholders.add(player.startRank);
      skipped.push({
        line: player.source?.line ?? null,
        reason: `player ${player.startRank} "${player.name}" meets no opponent and has no FIDE id, national id or birth date: not imported (pairing programs list such an entry for the bye, e.g. "spielfrei")`,
      });
      continue;
    }
    players.push(planPlayer(player, national?.nationalId ?? null, tournament.startDate, warnings));
  }
  refuseRepeatedIdentifiers(players, 'fideId', 'FIDE id');
  refuseRepeatedIdentifiers(players, 'nationalId', 'national id');

  const lineOf = new Map(document.players.map((player) => [player.startRank, player.source?.line ?? null]));
  const playedOn = roundDays(document, tournament, warnings);
  const games: PlannedGame[] = [];
  for (const game of pairings.games) {
    if (game.result === '*') {
      skipped.push({
        line: lineOf.get(game.white) ?? null,
        reason: `round ${game.round}: players ${game.white} and ${game.black} were paired but no result is recorded yet: the pairing is not imported`,
      });
      continue;
    }
    games.push(planGame(game, playedOn[game.round - 1] ?? null));
  }
  for (const bye of pairings.byes) {
    if (placeholders.has(bye.player)) continue;
    const result = BYES[bye.kind];
    if (!BYE_CODES_PROPER.includes(bye.kind)) {
      warnings.add(
        `BYE_FROM_${bye.kind === '+' ? 'FORFEIT_WIN' : bye.kind === '-' ? 'FORFEIT_LOSS' : `UNPLAYED_${bye.kind}`}`,
        `line ${lineOf.get(bye.player)}: round ${bye.round}, player ${bye.player} has "${bye.kind}" without an opponent: recorded as ${result}`,
        lineOf.get(bye.player) ?? null,
      );
    }
    games.push({
      round: bye.round,
      white: bye.player,
      black: null,
      result,
      played: false,
      playedOn: playedOn[bye.round - 1] ?? null,
    });
  }
  if (games.length === 0)
    throw new DomainError(
      'BAD_USER_INPUT',
      'content: the file records no game and no bye: there is nothing to import',
      { argument: 'content' },
    );
  return { tournament, players, games, skipped, warnings: warnings.list() };
}

function addTrfWarning(log: WarningLog, warning: TrfWarning): void {
  log.add(warning.code, warning.message, warning.line);
}

function planTournament(document: TrfDocument, fileName: string | null, warnings: WarningLog): PlannedTournament {
  const tags = document.tournament;
  const tagLine = (code: string) => tags.source.find((source) => source.text.startsWith(code))?.line ?? null;
  const roundDates = tags.roundDates.map((date) => date?.iso ?? null).filter((iso): iso is string => iso !== null);
  const startDate = tags.startDate?.iso ?? roundDates[0] ?? null;
  if (startDate === null) {
    const problem =
      tags.startDate === null
        ? 'tag 042 (start date) is missing'
        : `line ${tagLine('042')}: tag 042 (start date) "${tags.startDate.text}" is not a full date`;
    throw refusal(`${problem} and tag 132 gives no round dates: the tournament's dates are unknown`, { tag: '042' });
  }
  if (tags.startDate?.iso == null)
    warnings.add(
      'START_DATE_FROM_ROUND_DATES',
      `tag 042 gives no full start date: the first round date (${startDate}) is used`,
      tagLine('042'),
    );
  const endDate = tags.endDate?.iso ?? roundDates[roundDates.length - 1] ?? startDate;
  if (tags.endDate?.iso == null) {
    warnings.add(
      'END_DATE_INFERRED',
      `tag 052 gives no full end date: ${endDate === startDate ? 'the start date' : 'the last round date'} (${endDate}) is used`,
      tagLine('052'),
    );
  }
  if (endDate < startDate)
    throw refusal(
      `line ${tagLine('052')}: the end date ${endDate} (tag 052) is before the start date ${startDate} (tag 042)`,
      { tag: '052' },
    );

  let name = text(tags.name);
  if (name === null && fileName !== null) {
    name = fileName.replace(/\.[^.]*$/, '').trim() || null;
    if (name !== null)
      warnings.add('NAME_FROM_FILE', `tag 012 (tournament name) is missing: the file name "${name}" is used`);
  }
  if (name === null) throw refusal('tag 012 (tournament name) is missing', { tag: '012' });
  const federation = text(tags.federation)?.toUpperCase() ?? null;
  const federationOk = federation === null || /^[A-Z]{3}$/.test(federation);
  if (!federationOk)
    warnings.add(
      'TOURNAMENT_FEDERATION_UNREADABLE',
      `line ${tagLine('032')}: tag 032 "${tags.federation}" is not a three-letter federation code: left empty`,
      tagLine('032'),
    );
  if (document.rounds < 1)
    throw refusal('the file has no rounds: neither tag 142/XXR nor any player line gives one', { tag: '142' });
  return {
    name: fit(name, MAX_TOURNAMENT_NAME, 'tag 012 (name)', warnings),
    city: fitOrNull(text(tags.city), MAX_CITY, 'tag 022 (city)', warnings),
    federation: federationOk ? federation : null,
    startDate,
    endDate,
    rounds: document.rounds,
    type: tournamentType(document),
    timeControl: fitOrNull(text(tags.timeControl), MAX_TIME_CONTROL, 'tag 122 (time control)', warnings),
    chiefArbiter: fitOrNull(text(tags.chiefArbiter), MAX_ARBITER, 'tag 102 (chief arbiter)', warnings),
    sourceFormat: document.version === 'TRF-2026' ? 'TRF26' : 'TRF16',
  };
}

/**
 * Tag 092 is free text ("Individual: Swiss-System", "Rundenturnier", "FIDE-TEAM-BAKU"). Our own exports write
 * the type code itself. Team records (013/310) make a team event whatever 092 says.
 */
export function tournamentType(document: TrfDocument): TournamentType {
  const text = (document.tournament.type ?? '').trim();
  const code = (TOURNAMENT_TYPES as readonly string[]).find((type) => type === text.toUpperCase());
  if (code !== undefined) return code as TournamentType;
  if (document.teams.length > 0 || document.teamDetails.length > 0 || /team/i.test(text)) return 'TEAM';
  if (/swiss|schweizer/i.test(text)) return 'SWISS';
  if (/double/i.test(text) && /round.?robin|rundenturnier/i.test(text)) return 'DOUBLE_ROUND_ROBIN';
  if (/round.?robin|rundenturnier|berger/i.test(text)) return 'ROUND_ROBIN';
  if (/knock.?out/i.test(text)) return 'KNOCKOUT';
  if (/\bmatch\b/i.test(text)) return 'MATCH';
  return 'OTHER';
}

/**
 * TRF names are "Surname, Given" (FIDE: "Family name, First name"), sometimes without a comma ("Mirzoev Azer",
 * "Argandona Riveiro Inigo"): then nothing says where the surname ends, so the whole name is kept as the surname.
 */
export function splitName(name: string): { surname: string; givenName: string | null } {
  const collapsed = name.trim().replace(/\s+/g, ' ');
  const comma = collapsed.indexOf(',');
  if (comma === -1) return { surname: collapsed, givenName: null };
  const surname = collapsed.slice(0, comma).trim();
  const givenName = collapsed.slice(comma + 1).trim();
  return surname === '' ? { surname: givenName, givenName: null } : { surname, givenName: givenName || null };
}

function planPlayer(
  player: TrfPlayer,
  nationalId: string | null,
  startDate: string,
  warnings: WarningLog,
): PlannedPlayer {
  const line = player.source?.line ?? null;
  const where = `line ${line}: player ${player.startRank}`;
  const { surname, givenName } = splitName(player.name);
  if (surname === '') throw refusal(`${where} has no name`, { line });
  if (givenName === null)
    warnings.add(
      'NAME_WITHOUT_COMMA',
      `${where} "${surname}" has no comma between surname and given name: the whole name is kept as the surname`,
      line,
    );
  const birth = birthOf(player.birthDate, startDate);
  if (player.birthDate !== null && birth.birthYear === null) {
    warnings.add(
      'BIRTH_DATE_DROPPED',
      `${where}: birth date "${player.birthDate.text}" is not a plausible date of birth (${MIN_BIRTH_YEAR} to the start of the tournament): left empty`,
      line,
    );
  }
  const federation = player.federation?.trim().toUpperCase() || null;
  const federationOk = federation === null || /^[A-Z]{3}$/.test(federation);
  if (!federationOk)
    warnings.add(
      'PLAYER_FEDERATION_UNREADABLE',
      `${where}: federation "${player.federation}" is not a three-letter code: left empty`,
      line,
    );
  return {
    startRank: player.startRank,
    line,
    surname: fit(surname, MAX_PLAYER_NAME, `${where}'s surname`, warnings),
    givenName: fitOrNull(givenName, MAX_PLAYER_NAME, `${where}'s given name`, warnings),
    sex: player.sex === null ? null : SEX[player.sex],
    ...birth,
    federation: federationOk ? federation : null,
    fideId: player.fideId === null ? null : String(player.fideId),
    nationalId: fitOrNull(nationalId?.trim() || null, MAX_NATIONAL_ID, `${where}'s national id`, warnings),
    title: player.title,
    ratingAtStart: player.rating,
    points: player.points,
  };
}

/** A birth date kept only when plausible: from MIN_BIRTH_YEAR (as the table checks) to the tournament's start. */
function birthOf(date: TrfDate | null, startDate: string): { birthDate: string | null; birthYear: number | null } {
  const year = date?.year ?? null;
  if (year === null || year < MIN_BIRTH_YEAR || year > Number(startDate.slice(0, 4)))
    return { birthDate: null, birthYear: null };
  const iso = date?.iso ?? null;
  return { birthDate: iso !== null && iso <= startDate ? iso : null, birthYear: year };
}

function refuseRepeatedIdentifiers(
  players: readonly PlannedPlayer[],
  key: 'fideId' | 'nationalId',
  label: string,
): void {
  const seen = new Map<string, PlannedPlayer>();
  for (const player of players) {
    const value = player[key];
    if (value === null) continue;
    const first = seen.get(value);
    if (first) {
      throw refusal(
        `line ${player.line}: players ${first.startRank} (line ${first.line}) and ${player.startRank} have the same ${label} ${value}`,
        {
          line: player.line,
        },
      );
    }
    seen.set(value, player);
  }
}

/** The day of each round (tag 132), when it falls within the tournament's dates. */
function roundDays(document: TrfDocument, tournament: PlannedTournament, warnings: WarningLog): (string | null)[] {
  return document.tournament.roundDates.map((date, index) => {
    const iso = date?.iso ?? null;
    if (iso !== null && (iso < tournament.startDate || iso > tournament.endDate)) {
      warnings.add(
        'ROUND_DATE_OUTSIDE_TOURNAMENT',
        `tag 132: round ${index + 1} is dated ${iso}, outside the tournament (${tournament.startDate} to ${tournament.endDate}): its games are left undated`,
      );
      return null;
    }
    return iso;
  });
}

function planGame(game: TrfGame, playedOn: string | null): PlannedGame {
  return {
    round: game.round,
    white: game.white,
    black: game.black,
    result: game.result as GameResult,
    played: game.played,
    playedOn,
  };
}

function text(value: string | null): string | null {
  const trimmed = value?.trim().replace(/\s+/g, ' ');
  return trimmed ? trimmed : null;
}

/** Cuts a value to its column's length, saying so. */
function fit(value: string, max: number, what: string, warnings: WarningLog): string {
  if (value.length <= max) return value;
  warnings.add('TEXT_SHORTENED', `${what} is longer than ${max} characters: shortened`);
  return value.slice(0, max).trimEnd();
}

function fitOrNull(value: string | null, max: number, what: string, warnings: WarningLog): string | null {
  return value === null ? null : fit(value, max, what, warnings);
}

function refusal(message: string, details: Record<string, unknown>): DomainError {
  return new DomainError('BAD_USER_INPUT', `content: ${message}`, { argument: 'content', ...details });
}
