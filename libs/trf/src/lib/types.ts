import type { TrfDate } from './dates';
import type { TrfWarning } from './errors';
import type { TrfColour, TrfResultCode, TrfScoring } from './results';

/** TRF16 (FIDE 2016, with the JaVaFo `XXR`/`XXC` extensions) or TRF-2026 (FIDE, applied from 2025-09-01). */
export type TrfVersion = 'TRF16' | 'TRF-2026';

/**
 * `lichess` for files exported by lichess.org: byes written with a blank opponent instead of `0000`,
 * `XXC`, player lines out of start-rank order, dates like `May 10, 2020`. Standard TRF otherwise.
 */
export type TrfDialect = 'fide' | 'lichess';

export type TrfSex = 'm' | 'w';

/** The titles TRF16 and TRF-2026 list for columns 11-13; legacy one-letter codes (`g`, `m`, `wf` …) are read as these. */
export type TrfTitle = 'GM' | 'IM' | 'WGM' | 'FM' | 'WIM' | 'CM' | 'WFM' | 'WCM';

/**
 * The line a record was read from, exactly as the file had it. While the record's fields still say what
 * this text says, the writer copies it back verbatim; once they are changed it writes the record anew.
 */
export interface TrfSourceLine {
  readonly line: number;
  readonly text: string;
}

/** One round of a player: columns 92-99 for round 1, 102-109 for round 2 … */
export interface TrfRoundResult {
  readonly round: number;
  /** The opponent's start rank; null for `0000` or a blank opponent (bye, absence, not paired). */
  readonly opponent: number | null;
  /** null for `-` or blank (no colour: bye, or a forfeit decided before colours mattered). */
  readonly colour: TrfColour | null;
  /** null when the result column is blank (spec: equivalent to `Z`; nothing recorded for that round). */
  readonly result: TrfResultCode | null;
  /** A rated game: an opponent and a result played over the board (`1`, `=`, `0`). */
  readonly played: boolean;
  /** The points the entry gives under the tournament's scoring (tag 162, or FIDE's 1 / ½ / 0 defaults). */
  readonly points: number;
}

/** A `001` record. */
export interface TrfPlayer {
  readonly startRank: number;
  readonly sex: TrfSex | null;
  readonly title: TrfTitle | null;
  readonly name: string;
  /** FIDE rating; null when blank or 0 (unrated). */
  readonly rating: number | null;
  readonly federation: string | null;
  /** null when blank or 0. */
  readonly fideId: number | null;
  readonly birthDate: TrfDate | null;
  /** The points column (81-84) as written; null when blank. */
  readonly points: number | null;
  /** null when blank or 0 (not ranked, e.g. withdrawn). */
  readonly rank: number | null;
  /** One entry per round of the tournament (`TrfDocument.rounds`), rounds without an entry blank. */
  readonly results: readonly TrfRoundResult[];
  readonly source: TrfSourceLine | null;
}

/** A National Rating Support record (TRF-2026): a player's national data, under the rating federation's code. */
export interface TrfNationalRating {
  /** The rating federation: the record's 3-letter code (columns 1-3). */
  readonly federation: string;
  /** Links to the `001` record with this start rank. */
  readonly startRank: number;
  readonly sex: TrfSex | null;
  readonly classification: string | null;
  readonly name: string | null;
  readonly rating: number | null;
  /** Federation, nation, state, region, county … */
  readonly origin: string | null;
  readonly nationalId: string | null;
  readonly birthDate: TrfDate | null;
  readonly source: TrfSourceLine | null;
}

/** A `013` team record (TRF16; kept in TRF-2026 "to be phased out"). */
export interface TrfTeam {
  readonly name: string;
  /** Start ranks of the members, in board order. */
  readonly members: readonly number[];
  readonly source: TrfSourceLine | null;
}

/** A `310` team record (TRF-2026, replaces 013). */
export interface TrfTeamDetail {
  readonly pairingNumber: number;
  readonly name: string;
  readonly nickname: string | null;
  readonly strengthFactor: number | null;
  readonly matchPoints: number | null;
  readonly gamePoints: number | null;
  readonly rank: number | null;
  readonly members: readonly number[];
  readonly source: TrfSourceLine | null;
}

/** A `240` record: players (or teams) getting a full-, half- or zero-point bye in a round. */
export interface TrfByeRecord {
  readonly type: 'F' | 'H' | 'Z';
  readonly round: number;
  readonly ids: readonly number[];
  readonly source: TrfSourceLine | null;
}

/** A `250` record: fictitious points for an accelerated pairing. */
export interface TrfAcceleration {
  readonly matchPoints: number | null;
  readonly gamePoints: number | null;
  readonly firstRound: number;
  readonly lastRound: number;
  readonly firstId: number;
  readonly lastId: number;
  readonly source: TrfSourceLine | null;
}

/** A `260` record: players (or teams) who may not meet in these rounds. */
export interface TrfProhibitedPairing {
  readonly firstRound: number;
  readonly lastRound: number | null;
  readonly ids: readonly number[];
  readonly source: TrfSourceLine | null;
}

/** `299` assignment types: W D L (team results), F H Z (byes), + - (forfeits), null (a bonus or penalty). */
export type TrfAbnormalPointsType = 'W' | 'D' | 'L' | 'F' | 'H' | 'Z' | '+' | '-';

/** A `299` record: points assigned differently from the scoring system. */
export interface TrfAbnormalPoints {
  readonly type: TrfAbnormalPointsType | null;
  readonly matchPoints: number | null;
  /** Game points for teams, points for individuals. */
  readonly gamePoints: number | null;
  /** null (or 0 in the file) for every round. */
  readonly round: number | null;
  /** null (0 in the file) for everybody. */
  readonly ids: readonly (number | null)[];
  readonly source: TrfSourceLine | null;
}

/** A `300` record: a team fielding players out of its default board order. */
export interface TrfOutOfOrderLineup {
  readonly round: number;
  readonly team: number;
  readonly opponent: number;
  /** Start ranks board by board; null for an empty board (`0000`). */
  readonly boards: readonly (number | null)[];
  readonly source: TrfSourceLine | null;
}

/** The `320` record: the team given the pairing-allocated bye in each round. */
export interface TrfTeamPairingAllocatedByes {
  readonly matchPoints: number | null;
  readonly gamePoints: number | null;
  /** Index = round − 1; null when no team had the bye that round. */
  readonly teams: readonly (number | null)[];
  readonly source: TrfSourceLine | null;
}

/** A `330` record: a team match decided by forfeit. `+-` white wins, `-+` black wins, `--` both forfeit. */
export interface TrfForfeitedMatch {
  readonly type: '+-' | '-+' | '--';
  readonly round: number;
  readonly white: number;
  readonly black: number;
  readonly source: TrfSourceLine | null;
}

/**
 * A record this library recognises but keeps as text: the TRF-2026 informative team records `801`/`802`
 * (derivable from the 001 and 310 records), and the pairing-engine extensions `XXC`, `XXA`, `XXP`, `XXS`
 * (JaVaFo) and `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU` (bbpPairings).
 */
export interface TrfRawRecord {
  readonly code: string;
  readonly text: string;
  readonly line: number | null;
}

/**
 * A line that is no record: a `###` comment (TRF-2026 Remark 1), a blank line, or anything else (the
 * column rulers of FIDE's samples, a repeated tag …). Kept so the writer puts them back.
 */
export interface TrfExtraLine {
  readonly kind: 'comment' | 'blank' | 'unrecognised';
  readonly text: string;
  readonly line: number | null;
}

/** Tag 172: how the starting rank is derived when there are national ratings. */
export interface TrfStartingRankMethod {
  /** The federation of the national ratings; null in the older one-field form (`172 FIDON`). */
  readonly federation: string | null;
  /** FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER. */
  readonly method: string;
}

/** Tag 362 symbols: team win, draw, loss. */
export type TrfTeamScoringSymbol = 'TW' | 'TD' | 'TL';

export type TrfTeamScoring = Readonly<Partial<Record<TrfTeamScoringSymbol, number>>>;

/** The tournament section: tags `012` to `132` (TRF16), `142` to `362` (TRF-2026), and `XXR`. */
export interface TrfTournament {
  /** 012 */
  readonly name: string | null;
  /** 022 */
  readonly city: string | null;
  /** 032 */
  readonly federation: string | null;
  /** 042 */
  readonly startDate: TrfDate | null;
  /** 052 */
  readonly endDate: TrfDate | null;
  /** 062 */
  readonly playerCount: number | null;
  /** 072 */
  readonly ratedPlayerCount: number | null;
  /** 082 */
  readonly teamCount: number | null;
  /** 092 */
  readonly type: string | null;
  /** 102 */
  readonly chiefArbiter: string | null;
  /** 112, one line each. */
  readonly deputyArbiters: readonly string[];
  /** 122 */
  readonly timeControl: string | null;
  /** 132: round 1 at 92-99, round 2 at 102-109 …; null for a round without a date. */
  readonly roundDates: readonly (TrfDate | null)[];
  /** 142 (TRF-2026) or `XXR` (JaVaFo's TRF16 extension): the number of rounds. */
  readonly numberOfRounds: number | null;
  /** 152: the colour of the first board's top seed in round 1. */
  readonly initialColour: TrfColour | null;
  /** 162 */
  readonly scoring: TrfScoring | null;
  /** 172 */
  readonly startingRankMethod: TrfStartingRankMethod | null;
  /** 182 */
  readonly pairingController: string | null;
  /** 192: a code from FIDE's Tournament-Type Code Table. */
  readonly encodedType: string | null;
  /** 202: FIDE tie-break codes. */
  readonly tieBreaks: readonly string[];
  /** 212: tie-breaks defining the standings. */
  readonly standingsTieBreaks: readonly string[];
  /** 222 */
  readonly encodedTimeControl: string | null;
  /** 352: board colours in team matches, e.g. `WBWB`. */
  readonly boardColours: string | null;
  /** 362 */
  readonly teamScoring: TrfTeamScoring | null;
  /** Any other `??2` tag, in file order. */
  readonly otherTags: readonly { readonly code: string; readonly value: string }[];
  /** The tag lines as read; written back verbatim while every field above still matches them. */
  readonly source: readonly TrfSourceLine[];
}

export interface TrfLayout {
  readonly lineEnding: '\n' | '\r\n' | '\r';
  readonly finalNewline: boolean;
  readonly byteOrderMark: boolean;
}

export interface TrfDocument {
  readonly version: TrfVersion;
  readonly dialect: TrfDialect;
  readonly tournament: TrfTournament;
  /** In start-rank order, whatever the order of the lines. */
  readonly players: readonly TrfPlayer[];
  readonly nationalRatings: readonly TrfNationalRating[];
  /** `013` records. */
  readonly teams: readonly TrfTeam[];
  /** `310` records. */
  readonly teamDetails: readonly TrfTeamDetail[];
  /** `240` records. */
  readonly byeRecords: readonly TrfByeRecord[];
  /** `250` records. */
  readonly accelerations: readonly TrfAcceleration[];
  /** `260` records. */
  readonly prohibitedPairings: readonly TrfProhibitedPairing[];
  /** `299` records. */
  readonly abnormalPoints: readonly TrfAbnormalPoints[];
  /** `300` records. */
  readonly outOfOrderLineups: readonly TrfOutOfOrderLineup[];
  /** `320` records (the spec allows one per tournament). */
  readonly teamPairingAllocatedByes: readonly TrfTeamPairingAllocatedByes[];
  /** `330` records. */
  readonly forfeitedMatches: readonly TrfForfeitedMatch[];
  readonly rawRecords: readonly TrfRawRecord[];
  readonly extraLines: readonly TrfExtraLine[];
  /** The larger of the declared number of rounds (142 / XXR) and the rounds the players' lines reach. */
  readonly rounds: number;
  readonly warnings: readonly TrfWarning[];
  readonly layout: TrfLayout;
}

/** The record lists of a document other than its header and players, all empty (a new or a parsed document starts so). */
type RecordListKey =
  | 'nationalRatings'
  | 'teams'
  | 'teamDetails'
  | 'byeRecords'
  | 'accelerations'
  | 'prohibitedPairings'
  | 'abnormalPoints'
  | 'outOfOrderLineups'
  | 'teamPairingAllocatedByes'
  | 'forfeitedMatches'
  | 'rawRecords'
  | 'extraLines';

/** Fresh, fillable arrays (the parser pushes into them; a built document keeps them empty). */
export function emptyRecords(): { [K in RecordListKey]: TrfDocument[K][number][] } {
  return {
    nationalRatings: [],
    teams: [],
    teamDetails: [],
    byeRecords: [],
    accelerations: [],
    prohibitedPairings: [],
    abnormalPoints: [],
    outOfOrderLineups: [],
    teamPairingAllocatedByes: [],
    forfeitedMatches: [],
    rawRecords: [],
    extraLines: [],
  };
}
