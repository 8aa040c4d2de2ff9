import {
  ABNORMAL_POINTS,
  ACCELERATION,
  BYE_RECORD,
  cut,
  FORFEITED_MATCH,
  MAX_ROUNDS,
  OUT_OF_ORDER,
  place,
  PROHIBITED_PAIRING,
  right,
  TEAM_PAB,
} from '../columns';
import { quote } from '../errors';
import { LineReader, tokenEnd } from '../fields';
import type {
  TrfAbnormalPoints,
  TrfAbnormalPointsType,
  TrfAcceleration,
  TrfByeRecord,
  TrfForfeitedMatch,
  TrfOutOfOrderLineup,
  TrfProhibitedPairing,
  TrfSourceLine,
  TrfTeamPairingAllocatedByes,
} from '../types';
import { fitNumber, fitPoints, sourceOf } from './common';

/** The TRF-2026 records besides the teams (`310`), which team.ts reads. */
export const TRF2026_RECORD = {
  bye: '240',
  acceleration: '250',
  prohibitedPairing: '260',
  abnormalPoints: '299',
  outOfOrder: '300',
  teamPairingAllocatedBye: '320',
  forfeitedMatch: '330',
} as const;

const BYE_TYPES: readonly TrfByeRecord['type'][] = ['F', 'H', 'Z'];
const ABNORMAL_TYPES: readonly TrfAbnormalPointsType[] = ['W', 'D', 'L', 'F', 'H', 'Z', '+', '-'];
const FORFEIT_TYPES: readonly TrfForfeitedMatch['type'][] = ['+-', '-+', '--'];

function ids(reader: LineReader, column: number, label: string): number[] {
  return reader.idList(column, label).filter((id): id is number => id !== null);
}

function idsText(values: readonly (number | null)[], label: string, empty: string): string {
  return values.map((value) => ` ${value === null ? right(empty, 4) : fitNumber(value, 4, label)}`).join('');
}

function readRound(reader: LineReader, field: { from: number; to: number; label: string }): number {
  const value = reader.integer(field);
  if (value > MAX_ROUNDS)
    throw reader.error('TOO_MANY_ROUNDS', field.from, `round ${value}; a TRF numbers at most ${MAX_ROUNDS}`);
  return value;
}

/** `240 T RRR  PPP1 PPP2 …` */
export function readByeRecord(source: TrfSourceLine): TrfByeRecord {
  const reader = new LineReader(source.line, source.text);
  const type = reader.text(BYE_RECORD.type).toUpperCase();
  if (!BYE_TYPES.includes(type as TrfByeRecord['type'])) {
    throw reader.error('INVALID_RECORD', BYE_RECORD.type.from, `bye type ${quote(type)} is not F, H or Z`);
  }
  return {
    type: type as TrfByeRecord['type'],
    round: readRound(reader, BYE_RECORD.round),
    ids: ids(reader, BYE_RECORD.firstId, 'player or team'),
    source: sourceOf(reader),
  };
}

export function formatByeRecord(record: TrfByeRecord): string {
  return `240 ${record.type} ${fitNumber(record.round, 3, 'round')}${idsText(record.ids, 'bye id', '')}`;
}

/** `250 MMMM GGGG RRF RRL PPPF PPPL` */
export function readAcceleration(source: TrfSourceLine): TrfAcceleration {
  const reader = new LineReader(source.line, source.text);
  return {
    matchPoints: reader.optionalDecimal(ACCELERATION.matchPoints),
    gamePoints: reader.optionalDecimal(ACCELERATION.gamePoints),
    firstRound: readRound(reader, ACCELERATION.firstRound),
    lastRound: readRound(reader, ACCELERATION.lastRound),
    firstId: reader.integer(ACCELERATION.firstId),
    lastId: reader.integer(ACCELERATION.lastId),
    source: sourceOf(reader),
  };
}

export function formatAcceleration(record: TrfAcceleration): string {
  return (
    `250 ${fitPoints(record.matchPoints, 4, 'fictitious match points')} ${fitPoints(record.gamePoints, 4, 'fictitious game points')}` +
    ` ${fitNumber(record.firstRound, 3, 'first round')} ${fitNumber(record.lastRound, 3, 'last round')}` +
    ` ${fitNumber(record.firstId, 4, 'first id')} ${fitNumber(record.lastId, 4, 'last id')}`
  );
}

/** `260 RRF RRL  PPP1 PPP2 …` */
export function readProhibitedPairing(source: TrfSourceLine): TrfProhibitedPairing {
  const reader = new LineReader(source.line, source.text);
  const lastRound = reader.optionalInteger(PROHIBITED_PAIRING.lastRound);
  return {
    firstRound: readRound(reader, PROHIBITED_PAIRING.firstRound),
    lastRound: lastRound === null ? null : readRound(reader, PROHIBITED_PAIRING.lastRound),
    ids: ids(reader, PROHIBITED_PAIRING.firstId, 'player or team'),
    source: sourceOf(reader),
  };
}

export function formatProhibitedPairing(record: TrfProhibitedPairing): string {
  return (
    `260 ${fitNumber(record.firstRound, 3, 'first round')} ${fitNumber(record.lastRound, 3, 'last round')}` +
    idsText(record.ids, 'prohibited pairing id', '')
  );
}

/**
 * `299`: read by its tokens, so both the field table's columns and those of the spec's worked example
 * (see ABNORMAL_POINTS) are understood: one or two points values (match points, then game points; a lone
 * value is match points when it ends by column 11), then the round when it ends by column 22, then ids.
 */
export function readAbnormalPoints(source: TrfSourceLine): TrfAbnormalPoints {
  const reader = new LineReader(source.line, source.text);
  const typeText = reader.text(ABNORMAL_POINTS.type).toUpperCase();
  if (typeText !== '' && !ABNORMAL_TYPES.includes(typeText as TrfAbnormalPointsType)) {
    throw reader.error(
      'INVALID_RECORD',
      ABNORMAL_POINTS.type.from,
      `assignment type ${quote(typeText)} is not W, D, L, F, H, Z, +, - or blank`,
    );
  }
  const points: { value: number; end: number }[] = [];
  const integers: { value: number; end: number }[] = [];
  for (const token of reader.tokens(ABNORMAL_POINTS.type.from + 1)) {
    if (/[.,]/.test(token.value)) {
      if (integers.length > 0 || points.length === 2) {
        throw reader.error(
          'INVALID_RECORD',
          token.column,
          `points ${quote(token.value)} after the round or ids, or a third points value`,
        );
      }
      points.push({ value: reader.decimalValue(token.value, token.column, 'points', true), end: tokenEnd(token) });
    } else {
      integers.push({ value: reader.idValue(token.value, token.column, 'round or id'), end: tokenEnd(token) });
    }
  }
  const [matchPoints, gamePoints] =
    points.length === 2
      ? [points[0].value, points[1].value]
      : points.length === 1 && points[0].end <= ABNORMAL_POINTS.lastMatchPointsColumn
        ? [points[0].value, null]
        : [null, points[0]?.value ?? null];
  const hasRound = integers.length > 0 && integers[0].end <= ABNORMAL_POINTS.lastRoundColumn;
  const roundValue = hasRound ? integers[0].value : 0;
  if (roundValue > MAX_ROUNDS) {
    throw reader.error(
      'TOO_MANY_ROUNDS',
      ABNORMAL_POINTS.round.from,
      `round ${roundValue}; a TRF numbers at most ${MAX_ROUNDS}`,
    );
  }
  return {
    type: typeText === '' ? null : (typeText as TrfAbnormalPointsType),
    matchPoints,
    gamePoints,
    round: roundValue === 0 ? null : roundValue,
    ids: integers.slice(hasRound ? 1 : 0).map(({ value }) => (value === 0 ? null : value)),
    source: sourceOf(reader),
  };
}

/** Written in the field table's columns: 5, 8-11, 14-17, 20-22, 24-27 + 5k. */
export function formatAbnormalPoints(record: TrfAbnormalPoints): string {
  let line = place('299', ABNORMAL_POINTS.type.from, record.type ?? ' ');
  line = place(line, ABNORMAL_POINTS.matchPoints.from, fitPoints(record.matchPoints, 4, 'match points'));
  line = place(line, ABNORMAL_POINTS.gamePoints.from, fitPoints(record.gamePoints, 4, 'game points'));
  line = place(line, ABNORMAL_POINTS.round.from, fitNumber(record.round, 3, 'round'));
  record.ids.forEach((id, index) => {
    line = place(
      line,
      ABNORMAL_POINTS.firstId + index * ABNORMAL_POINTS.idStride,
      id === null ? '   0' : fitNumber(id, 4, 'abnormal points id'),
    );
  });
  return line.trimEnd();
}

/** `300 RRR TT1 TT2  PPP1 PPP2 …` */
export function readOutOfOrderLineup(source: TrfSourceLine): TrfOutOfOrderLineup {
  const reader = new LineReader(source.line, source.text);
  return {
    round: readRound(reader, OUT_OF_ORDER.round),
    team: reader.integer(OUT_OF_ORDER.team),
    opponent: reader.integer(OUT_OF_ORDER.opponent),
    boards: reader.idList(OUT_OF_ORDER.firstBoard, 'board player'),
    source: sourceOf(reader),
  };
}

export function formatOutOfOrderLineup(record: TrfOutOfOrderLineup): string {
  return (
    `300 ${fitNumber(record.round, 3, 'round')} ${fitNumber(record.team, 3, 'team')} ${fitNumber(record.opponent, 3, 'opponent team')}` +
    idsText(record.boards, 'board player', '0')
  );
}

/** `320 MMMM GGGG  R1  R2 …`: one 3-column team number per round, blank when nobody had the bye. */
export function readTeamPairingAllocatedByes(source: TrfSourceLine): TrfTeamPairingAllocatedByes {
  const reader = new LineReader(source.line, source.text);
  const teams: (number | null)[] = [];
  for (let column = TEAM_PAB.firstRound; column <= source.text.length; column += TEAM_PAB.roundStride) {
    const round = teams.length + 1;
    const text = cut(source.text, column, column + TEAM_PAB.teamWidth - 1).trim();
    reader.expectBlank(column + TEAM_PAB.teamWidth, `after round ${round}'s team`);
    const team = text === '' ? 0 : reader.integerValue(text, column, `round ${round} team`);
    if (team !== 0 && round > MAX_ROUNDS) {
      throw reader.error(
        'TOO_MANY_ROUNDS',
        column,
        `a team for round ${round}; a TRF numbers at most ${MAX_ROUNDS} rounds`,
      );
    }
    teams.push(team === 0 ? null : team);
  }
  while (teams.length > 0 && teams[teams.length - 1] === null) teams.pop();
  return {
    matchPoints: reader.optionalDecimal(TEAM_PAB.matchPoints),
    gamePoints: reader.optionalDecimal(TEAM_PAB.gamePoints),
    teams,
    source: sourceOf(reader),
  };
}

export function formatTeamPairingAllocatedByes(record: TrfTeamPairingAllocatedByes): string {
  const teams = record.teams.map((team) => ` ${fitNumber(team, TEAM_PAB.teamWidth, 'PAB team')}`).join('');
  return `320 ${fitPoints(record.matchPoints, 4, 'PAB match points')} ${fitPoints(record.gamePoints, 4, 'PAB game points')}${teams}`.trimEnd();
}

/** `330 TT RRR WWW BBB` */
export function readForfeitedMatch(source: TrfSourceLine): TrfForfeitedMatch {
  const reader = new LineReader(source.line, source.text);
  const type = cut(source.text, FORFEITED_MATCH.type.from, FORFEITED_MATCH.type.to);
  if (!FORFEIT_TYPES.includes(type as TrfForfeitedMatch['type'])) {
    throw reader.error(
      'INVALID_RECORD',
      FORFEITED_MATCH.type.from,
      `forfeit type ${quote(type)} is not "+-", "-+" or "--"`,
    );
  }
  return {
    type: type as TrfForfeitedMatch['type'],
    round: readRound(reader, FORFEITED_MATCH.round),
    white: reader.integer(FORFEITED_MATCH.white),
    black: reader.integer(FORFEITED_MATCH.black),
    source: sourceOf(reader),
  };
}

export function formatForfeitedMatch(record: TrfForfeitedMatch): string {
  return (
    `330 ${record.type} ${fitNumber(record.round, 3, 'round')} ${fitNumber(record.white, 3, 'white team')}` +
    ` ${fitNumber(record.black, 3, 'black team')}`
  );
}
