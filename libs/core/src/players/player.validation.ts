import { MIN_BIRTH_YEAR, PLAYER_STATUSES, SEXES, type Player, type PlayerStatus, type Sex } from '@ratings/db';
import { invalidInput } from '../errors';
import {
  isoDate,
  isoDay,
  oneOf,
  optionalFederation,
  optionalText,
  optionalWholeNumber,
  requiredText,
} from '../common/validate';

/** Column lengths of libs/db's Player. */
const MAX_NAME = 100;
const MAX_NATIONAL_ID = 32;
/** `club` is unbounded text in the table; a club name longer than this is a pasting mistake. */
const MAX_CLUB = 200;
/** Same rule as the table's ck_players_fide_id: digits, no leading zero, at most 12 (TRF-2026 samples have 11). */
const FIDE_ID_PATTERN = /^[1-9][0-9]{0,11}$/;

/**
 * Titles a player record may carry: FIDE's playing titles (Handbook B.01, "International Title Regulations")
 * and the arbiter, organiser and trainer titles FIDE rating lists print in the same field.
 */
export const PLAYER_TITLES = [
  'GM',
  'IM',
  'FM',
  'CM',
  'WGM',
  'WIM',
  'WFM',
  'WCM',
  'IA',
  'FA',
  'NA',
  'IO',
  'FST',
  'FT',
  'FI',
  'DI',
  'NI',
] as const;
export type PlayerTitle = (typeof PLAYER_TITLES)[number];

/** What staff type in for a player. Absent (or undefined) fields are left alone by updates; null clears. */
export interface PlayerInput {
  readonly surname: string;
  readonly givenName?: string | null;
  readonly sex?: Sex | null;
  /** 'YYYY-MM-DD'; sets birthYear too. */
  readonly birthDate?: string | null;
  /** When only the year is known; must agree with birthDate when both are given. */
  readonly birthYear?: number | null;
  /** Three letters ('CAN'); lower case is raised. */
  readonly federation?: string | null;
  /** Digits, as text (an identifier, not a number). */
  readonly fideId?: string | null;
  readonly nationalId?: string | null;
  readonly club?: string | null;
  readonly titles?: readonly string[];
  readonly status?: PlayerStatus;
}

export type PlayerFields = Partial<
  Pick<
    Player,
    | 'surname'
    | 'givenName'
    | 'sex'
    | 'birthDate'
    | 'birthYear'
    | 'federation'
    | 'fideId'
    | 'nationalId'
    | 'club'
    | 'titles'
    | 'status'
  >
>;

/**
 * Checks and normalises the fields present in `input` (trimmed names, upper-case federation, deduplicated
 * titles); absent fields stay absent. `current` is the stored player for an update, to check the birth
 * year against a birth date that is not being changed.
 */
export function playerFields(
  input: Partial<PlayerInput>,
  now: Date,
  current?: Pick<Player, 'birthDate' | 'birthYear'>,
): PlayerFields {
  const fields: { -readonly [K in keyof PlayerFields]: PlayerFields[K] } = {};
  const has = (key: keyof PlayerInput) => input[key] !== undefined;
  if (has('surname') || current === undefined) fields.surname = requiredText('surname', input.surname, MAX_NAME);
  if (has('givenName')) fields.givenName = optionalText('givenName', input.givenName, MAX_NAME);
  if (has('sex')) fields.sex = input.sex === null ? null : oneOf('sex', input.sex, SEXES);
  const thisYear = now.getUTCFullYear();
  if (has('birthDate')) {
    fields.birthDate = input.birthDate === null ? null : isoDate('birthDate', input.birthDate);
    if (fields.birthDate !== null) {
      if (fields.birthDate > isoDay(now)) throw invalidInput('birthDate', `${fields.birthDate} is in the future`);
      if (Number(fields.birthDate.slice(0, 4)) < MIN_BIRTH_YEAR)
        throw invalidInput('birthDate', `must be in ${MIN_BIRTH_YEAR} or later (got ${fields.birthDate})`);
      fields.birthYear = Number(fields.birthDate.slice(0, 4));
    }
  }
  if (has('birthYear')) {
    const year = optionalWholeNumber('birthYear', input.birthYear, MIN_BIRTH_YEAR, thisYear);
    const date = fields.birthDate !== undefined ? fields.birthDate : (current?.birthDate ?? null);
    if (date !== null && year !== Number(date.slice(0, 4))) {
      throw invalidInput('birthYear', `${year} disagrees with the birth date ${date}`);
    }
    fields.birthYear = year;
  }
  if (has('federation')) fields.federation = optionalFederation('federation', input.federation);
  if (has('fideId')) {
    const fideId = optionalText('fideId', input.fideId, 12);
    if (fideId !== null && !FIDE_ID_PATTERN.test(fideId)) {
      throw invalidInput(
        'fideId',
        `must be digits only, without a leading zero, at most 12 (got ${JSON.stringify(input.fideId)})`,
      );
    }
    fields.fideId = fideId;
  }
  if (has('nationalId')) fields.nationalId = optionalText('nationalId', input.nationalId, MAX_NATIONAL_ID);
  if (has('club')) fields.club = optionalText('club', input.club, MAX_CLUB);
  if (has('titles')) {
    if (!Array.isArray(input.titles)) throw invalidInput('titles', 'must be a list of titles');
    const titles = input.titles.map((title, index) =>
      oneOf(`titles[${index}]`, typeof title === 'string' ? title.trim().toUpperCase() : title, PLAYER_TITLES),
    );
    fields.titles = [...new Set(titles)];
  }
  if (has('status')) fields.status = oneOf('status', input.status, PLAYER_STATUSES);
  return fields;
}

/** "Lévesque, Marie" (or the surname alone): how messages name a player. */
export function displayName(player: Pick<Player, 'surname' | 'givenName'>): string {
  return player.givenName ? `${player.surname}, ${player.givenName}` : player.surname;
}
