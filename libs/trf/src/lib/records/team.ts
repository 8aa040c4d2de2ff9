import { left, TEAM, TEAM_DETAIL } from '../columns';
import { LineReader } from '../fields';
import type { TrfSourceLine, TrfTeam, TrfTeamDetail } from '../types';
import { fitNumber, fitPoints, sourceOf, zeroAsNull } from './common';

/** Columns of a 310 record that must stay blank between its fields. */
const TEAM_DETAIL_SEPARATORS: readonly number[] = [8, 41, 47, 54, 61, 68, 72, 73];

/** `013`: name at 5-36, then the members' start ranks (37-40, 42-45 …). */
export function readTeam(source: TrfSourceLine): TrfTeam {
  const reader = new LineReader(source.line, source.text);
  return {
    name: reader.text(TEAM.name),
    members: members(reader, TEAM.firstMember),
    source: sourceOf(reader),
  };
}

export function formatTeam(team: TrfTeam): string {
  const members = team.members.map((member) => fitNumber(member, 4, `member of team ${team.name}`));
  return `013 ${left(team.name, 32)}${members.join(' ')}`.trimEnd();
}

/** `310`: the TRF-2026 team record. */
export function readTeamDetail(source: TrfSourceLine): TrfTeamDetail {
  const reader = new LineReader(source.line, source.text);
  for (const column of TEAM_DETAIL_SEPARATORS) reader.expectBlank(column, 'between the fields of a 310 record');
  return {
    pairingNumber: reader.integer(TEAM_DETAIL.pairingNumber),
    name: reader.text(TEAM_DETAIL.name),
    nickname: reader.optionalText(TEAM_DETAIL.nickname),
    strengthFactor: reader.optionalInteger(TEAM_DETAIL.strengthFactor),
    matchPoints: reader.optionalDecimal(TEAM_DETAIL.matchPoints),
    gamePoints: reader.optionalDecimal(TEAM_DETAIL.gamePoints),
    rank: zeroAsNull(reader.optionalInteger(TEAM_DETAIL.rank)),
    members: members(reader, TEAM_DETAIL.firstMember),
    source: sourceOf(reader),
  };
}

export function formatTeamDetail(team: TrfTeamDetail): string {
  const about = `team ${team.pairingNumber}`;
  const members = team.members.map((member) => ` ${fitNumber(member, 4, `member of ${about}`)}`);
  return (
    `310 ${fitNumber(team.pairingNumber, 3, 'team pairing number')} ${left(team.name, 32)} ${left(team.nickname ?? '', 5)}` +
    ` ${fitNumber(team.strengthFactor, 6, `${about}'s strength factor`)} ${fitPoints(team.matchPoints, 6, `${about}'s match points`)}` +
    ` ${fitPoints(team.gamePoints, 6, `${about}'s game points`)} ${fitNumber(team.rank, 3, `${about}'s rank`)} ${members.join('')}`
  ).trimEnd();
}

/** Members from `column` on; a 0 (an empty slot) is skipped. */
function members(reader: LineReader, column: number): number[] {
  return reader.idList(column, 'team member').filter((member): member is number => member !== null);
}
