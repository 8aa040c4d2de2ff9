import { PLAYER, roundEntryColumn } from './columns';
import { onlyTrfErrors, TrfError, warning, type TrfWarning, type WarningSink } from './errors';
import { isHeaderLine, readHeader, TAG, trf2026TagsIn } from './records/header';
import { NATIONAL_RATING_LINE, readNationalRating } from './records/national-rating';
import { completePlayer, readPlayerLine, type PlayerLine } from './records/player';
import { readTeam, readTeamDetail } from './records/team';
import {
  readAbnormalPoints,
  readAcceleration,
  readByeRecord,
  readForfeitedMatch,
  readOutOfOrderLineup,
  readProhibitedPairing,
  readTeamPairingAllocatedByes,
  TRF2026_RECORD,
} from './records/trf2026';
import type {
  TrfAbnormalPoints,
  TrfAcceleration,
  TrfByeRecord,
  TrfDialect,
  TrfDocument,
  TrfExtraLine,
  TrfForfeitedMatch,
  TrfLayout,
  TrfNationalRating,
  TrfOutOfOrderLineup,
  TrfPlayer,
  TrfProhibitedPairing,
  TrfRawRecord,
  TrfSourceLine,
  TrfTeam,
  TrfTeamDetail,
  TrfTeamPairingAllocatedByes,
  TrfTournament,
  TrfVersion,
} from './types';
import { emptyRecords } from './types';

/** Every record but the tags starts with its code in columns 1-3 and a blank in column 4 (TRF16, TRF-2026). */
const PLAYER_RECORD = '001';
const TEAM_RECORD = '013';
const TEAM_DETAIL_RECORD = '310';
/** TRF-2026 "Informative Records for Teams", derivable from 001 and 310: kept as text. */
export const INFORMATIVE_TEAM_RECORDS: readonly string[] = ['801', '802'];
/**
 * Pairing-engine extensions kept as text: JaVaFo's TRF(x) `XX?` lines (XXR, the number of rounds, is read as
 * a tag) and bbpPairings' scoring lines BBW, BBD, BBL, BBZ, BBF, BBU (bbpPairings README, "TRF(bx)").
 */
const JAVAFO_EXTENSION = /^XX[A-Z]$/;
const BBP_EXTENSIONS: readonly string[] = ['BBW', 'BBD', 'BBL', 'BBZ', 'BBF', 'BBU'];
/** TRF-2026 Remark 1: "Comment lines are allowed as long as the first three characters of the line are ###". */
const COMMENT = '###';

/**
 * Reads a TRF16 or TRF-2026 file. Returns the document, or throws a TrfError naming the line and column of
 * the first thing it cannot read; never throws anything else.
 */
export function parseTrf(content: string): TrfDocument {
  return onlyTrfErrors(() => {
    if (typeof content !== 'string') {
      throw new TrfError('NOT_TEXT', null, null, `a TRF is text, got ${content === null ? 'null' : typeof content}`);
    }
    return readDocument(content);
  });
}

/** Everything read from the lines, before the players get their final number of rounds. */
interface Collected {
  readonly headerLines: TrfSourceLine[];
  readonly playerLines: PlayerLine[];
  readonly nationalRatings: TrfNationalRating[];
  readonly teams: TrfTeam[];
  readonly teamDetails: TrfTeamDetail[];
  readonly byeRecords: TrfByeRecord[];
  readonly accelerations: TrfAcceleration[];
  readonly prohibitedPairings: TrfProhibitedPairing[];
  readonly abnormalPoints: TrfAbnormalPoints[];
  readonly outOfOrderLineups: TrfOutOfOrderLineup[];
  readonly teamPairingAllocatedByes: TrfTeamPairingAllocatedByes[];
  readonly forfeitedMatches: TrfForfeitedMatch[];
  readonly rawRecords: TrfRawRecord[];
  readonly extraLines: TrfExtraLine[];
}

function readDocument(content: string): TrfDocument {
  const { lines, layout } = splitLines(content);
  const warnings: TrfWarning[] = [];
  const warn: WarningSink = (item) => warnings.push(item);
  const collected = collect(lines, warn);

  const header = readHeader(collected.headerLines, warn);
  const extraLines = [
    ...collected.extraLines,
    ...header.duplicates.map((source): TrfExtraLine => ({ kind: 'unrecognised', ...source })),
  ];
  extraLines.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const tournament = header.tournament;

  const playerLines = inStartRankOrder(collected.playerLines, warn);
  const rounds = numberOfRounds(playerLines, tournament.numberOfRounds, warn);
  const players = playerLines.map((line) => completePlayer(line, rounds, tournament.scoring));
  checkPoints(players, warn);
  checkCounts(tournament, players, collected, warn);
  checkReferences(players, collected, warn);
  if (players.length === 0) warn(warning('NO_PLAYERS', null, null, 'the file has no 001 player record'));

  warnings.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0));
  return {
    version: versionOf(tournament, collected),
    dialect: dialectOf(tournament, collected.playerLines),
    tournament,
    players,
    nationalRatings: collected.nationalRatings,
    teams: collected.teams,
    teamDetails: collected.teamDetails,
    byeRecords: collected.byeRecords,
    accelerations: collected.accelerations,
    prohibitedPairings: collected.prohibitedPairings,
    abnormalPoints: collected.abnormalPoints,
    outOfOrderLineups: collected.outOfOrderLineups,
    teamPairingAllocatedByes: collected.teamPairingAllocatedByes,
    forfeitedMatches: collected.forfeitedMatches,
    rawRecords: collected.rawRecords,
    extraLines,
    rounds,
    warnings,
    layout,
  };
}

function splitLines(content: string): { lines: string[]; layout: TrfLayout } {
  const byteOrderMark = content.startsWith('\uFEFF');
  const body = byteOrderMark ? content.slice(1) : content;
  const firstBreak = /\r\n|\n|\r/.exec(body)?.[0];
  const lineEnding = firstBreak === '\r\n' || firstBreak === '\r' ? firstBreak : '\n';
  const lines = body === '' ? [] : body.split(/\r\n|\n|\r/);
  const finalNewline = lines.length > 1 && lines[lines.length - 1] === '';
  if (finalNewline) lines.pop();
  return { lines, layout: { lineEnding, finalNewline, byteOrderMark } };
}

/** What a line is, from its first columns: the record code in 1-3 followed by a blank (or the end of the line). */
type LineKind =
  | 'blank'
  | 'comment'
  | 'header'
  | 'player'
  | 'nationalRating'
  | 'team'
  | 'teamDetail'
  | (typeof TRF2026_RECORD)[keyof typeof TRF2026_RECORD]
  | 'raw'
  | 'unknownRecord'
  | 'unrecognised';

function lineKind(text: string): LineKind {
  if (text.trim() === '') return 'blank';
  if (text.startsWith(COMMENT)) return 'comment';
  const code = text.slice(0, 3);
  if (text.length > 3 && text[3] !== ' ') return 'unrecognised';
  if (code === PLAYER_RECORD) return 'player';
  if (code === TEAM_RECORD) return 'team';
  if (code === TEAM_DETAIL_RECORD) return 'teamDetail';
  const trf2026 = Object.values(TRF2026_RECORD).find((record) => record === code);
  if (trf2026 !== undefined) return trf2026;
  // 802 ends in 2 like the tournament tags, and XXR is a JaVaFo extension read as a tag: order matters.
  if (INFORMATIVE_TEAM_RECORDS.includes(code)) return 'raw';
  if (isHeaderLine(code)) return 'header';
  if (JAVAFO_EXTENSION.test(code) || BBP_EXTENSIONS.includes(code)) return 'raw';
  if (NATIONAL_RATING_LINE.test(text)) return 'nationalRating';
  if (/^\d{3}$/.test(code)) return 'unknownRecord';
  return 'unrecognised';
}

function collect(lines: readonly string[], warn: WarningSink): Collected {
  const collected: Collected = {
    headerLines: [],
    playerLines: [],
    ...emptyRecords(),
  };
  lines.forEach((text, index) => {
    const source: TrfSourceLine = { line: index + 1, text };
    const kind = lineKind(text);
    switch (kind) {
      case 'blank':
      case 'comment':
        collected.extraLines.push({ kind, ...source });
        break;
      case 'unknownRecord':
        warn(
          warning(
            'UNKNOWN_RECORD',
            source.line,
            1,
            `record ${text.slice(0, 3)} is not a TRF16 or TRF-2026 record; kept as text`,
          ),
        );
        collected.extraLines.push({ kind: 'unrecognised', ...source });
        break;
      case 'unrecognised':
        collected.extraLines.push({ kind, ...source });
        break;
      case 'header':
        collected.headerLines.push(source);
        break;
      case 'player':
        collected.playerLines.push(readPlayerLine(source, warn));
        break;
      case 'nationalRating':
        collected.nationalRatings.push(readNationalRating(source, warn));
        break;
      case 'team':
        collected.teams.push(readTeam(source));
        break;
      case 'teamDetail':
        collected.teamDetails.push(readTeamDetail(source));
        break;
      case 'raw':
        collected.rawRecords.push({ code: text.slice(0, 3), ...source });
        break;
      case TRF2026_RECORD.bye:
        collected.byeRecords.push(readByeRecord(source));
        break;
      case TRF2026_RECORD.acceleration:
        collected.accelerations.push(readAcceleration(source));
        break;
      case TRF2026_RECORD.prohibitedPairing:
        collected.prohibitedPairings.push(readProhibitedPairing(source));
        break;
      case TRF2026_RECORD.abnormalPoints:
        collected.abnormalPoints.push(readAbnormalPoints(source));
        break;
      case TRF2026_RECORD.outOfOrder:
        collected.outOfOrderLineups.push(readOutOfOrderLineup(source));
        break;
      case TRF2026_RECORD.teamPairingAllocatedBye:
        collected.teamPairingAllocatedByes.push(readTeamPairingAllocatedByes(source));
        break;
      case TRF2026_RECORD.forfeitedMatch:
        collected.forfeitedMatches.push(readForfeitedMatch(source));
        break;
    }
  });
  return collected;
}

/** Sorts the players by start rank (lichess.org writes them out of order); two records with one start rank are an error. */
function inStartRankOrder(lines: readonly PlayerLine[], warn: WarningSink): PlayerLine[] {
  const outOfOrder = lines.find(
    (line, index) => index > 0 && line.player.startRank < lines[index - 1].player.startRank,
  );
  if (outOfOrder !== undefined) {
    warn(
      warning(
        'PLAYERS_OUT_OF_ORDER',
        outOfOrder.player.source?.line ?? null,
        PLAYER.startRank.from,
        `player ${outOfOrder.player.startRank} comes after a higher start rank; players are read in start-rank order`,
      ),
    );
  }
  const sorted = [...lines].sort((a, b) => a.player.startRank - b.player.startRank || lineOf(a) - lineOf(b));
  sorted.forEach((line, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && previous.player.startRank === line.player.startRank) {
      throw new TrfError(
        'DUPLICATE_START_RANK',
        lineOf(line),
        PLAYER.startRank.from,
        `start rank ${line.player.startRank} is already used by the player on line ${lineOf(previous)}`,
      );
    }
  });
  return sorted;
}

function lineOf(line: PlayerLine): number {
  return line.player.source?.line ?? 0;
}

function numberOfRounds(lines: readonly PlayerLine[], declared: number | null, warn: WarningSink): number {
  const reached = lines.reduce((most, line) => Math.max(most, line.entries.length), 0);
  if (declared !== null && reached > declared) {
    const first = lines.find((line) => line.entries.length > declared);
    warn(
      warning(
        'ROUNDS_EXCEED_DECLARED',
        first?.player.source?.line ?? null,
        roundEntryColumn(declared + 1),
        `an entry for round ${declared + 1}, but the tournament declares ${declared} rounds`,
      ),
    );
  }
  return Math.max(reached, declared ?? 0);
}

function checkPoints(players: readonly TrfPlayer[], warn: WarningSink): void {
  for (const player of players) {
    if (player.points === null) continue;
    const total = player.results.reduce((sum, entry) => sum + entry.points, 0);
    if (Math.abs(total - player.points) > POINTS_TOLERANCE) {
      warn(
        warning(
          'POINTS_MISMATCH',
          player.source?.line ?? null,
          PLAYER.points.from,
          `player ${player.startRank} has ${player.points} points in the points column, but the results add up to ${total}`,
        ),
      );
    }
  }
}

/** Points are multiples of 0.5 (or of a tag-162 value); sums of a few hundred such numbers stay far inside this. */
const POINTS_TOLERANCE = 1e-6;

function checkCounts(
  tournament: TrfTournament,
  players: readonly TrfPlayer[],
  collected: Collected,
  warn: WarningSink,
): void {
  const check = (
    code: string,
    declared: number | null,
    actual: number,
    what: string,
    warningCode: TrfWarning['code'],
  ): void => {
    if (declared === null || declared === actual) return;
    const line = tournament.source.find((source) => source.text.startsWith(code))?.line ?? null;
    warn(warning(warningCode, line, 5, `the file declares ${declared} ${what} but has ${actual}`));
  };
  check(TAG.playerCount, tournament.playerCount, players.length, 'players', 'PLAYER_COUNT_MISMATCH');
  const rated = players.filter((player) => player.rating !== null).length;
  check(TAG.ratedPlayerCount, tournament.ratedPlayerCount, rated, 'rated players', 'RATED_PLAYER_COUNT_MISMATCH');
  const teams = Math.max(collected.teams.length, collected.teamDetails.length);
  check(TAG.teamCount, tournament.teamCount, teams, 'teams', 'TEAM_COUNT_MISMATCH');
}

/** National ratings and team members name start ranks; say so when no 001 record has one. */
function checkReferences(players: readonly TrfPlayer[], collected: Collected, warn: WarningSink): void {
  const startRanks = new Set(players.map((player) => player.startRank));
  const check = (startRank: number, source: TrfSourceLine | null, what: string): void => {
    if (!startRanks.has(startRank)) {
      warn(
        warning(
          'UNKNOWN_PLAYER',
          source?.line ?? null,
          null,
          `${what} names start rank ${startRank}, which has no 001 record`,
        ),
      );
    }
  };
  for (const record of collected.nationalRatings)
    check(record.startRank, record.source, `the ${record.federation} national rating`);
  for (const team of collected.teams)
    for (const member of team.members) check(member, team.source, `team ${team.name}`);
  for (const team of collected.teamDetails) {
    for (const member of team.members) check(member, team.source, `team ${team.pairingNumber}`);
  }
}

/** TRF-2026 when the file says something TRF16 cannot (an empty TRF-2026 tag says nothing); TRF16 otherwise. */
function versionOf(tournament: TrfTournament, collected: Collected): TrfVersion {
  const trf2026 =
    trf2026TagsIn(tournament).length > 0 ||
    tournament.source.some(
      (source) => source.text.startsWith(TAG.numberOfRounds) && source.text.slice(4).trim() !== '',
    ) ||
    collected.nationalRatings.length > 0 ||
    collected.teamDetails.length > 0 ||
    collected.byeRecords.length > 0 ||
    collected.accelerations.length > 0 ||
    collected.prohibitedPairings.length > 0 ||
    collected.abnormalPoints.length > 0 ||
    collected.outOfOrderLineups.length > 0 ||
    collected.teamPairingAllocatedByes.length > 0 ||
    collected.forfeitedMatches.length > 0 ||
    collected.rawRecords.some((record) => INFORMATIVE_TEAM_RECORDS.includes(record.code));
  return trf2026 ? 'TRF-2026' : 'TRF16';
}

/** lichess.org names itself in the header and writes byes with a blank opponent. */
function dialectOf(tournament: TrfTournament, lines: readonly PlayerLine[]): TrfDialect {
  const header = [tournament.name, tournament.city, tournament.federation, tournament.chiefArbiter].join(' ');
  return /lichess/i.test(header) || lines.some((line) => line.blankOpponentByes) ? 'lichess' : 'fide';
}
