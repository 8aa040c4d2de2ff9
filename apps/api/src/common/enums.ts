import { registerEnumType } from 'type-graphql';
import type { ExpectationModel as RulesExpectationModel } from '@ratings/rating-rules';

// Every enum's values equal its names: the federation subgraph is rebuilt from the printed SDL, which
// keeps names only (argument defaults would otherwise arrive as names).
import { AGE_GROUPS, PLAYER_STATUSES, STAFF_ROLES, TOURNAMENT_CHECK_CODES, TOURNAMENT_TYPES } from '@ratings/core';

export enum Sex {
  M = 'M',
  F = 'F',
}
registerEnumType(Sex, {
  valuesConfig: { M: { description: 'Men (open).' }, F: { description: 'Women.' } },
  name: 'Sex',
  description: 'M (men) or F (women), as on FIDE lists.',
});

export enum Color {
  WHITE = 'WHITE',
  BLACK = 'BLACK',
}
registerEnumType(Color, {
  name: 'Color',
  description: 'A player’s colour in a game.',
  valuesConfig: { WHITE: { description: 'White.' }, BLACK: { description: 'Black.' } },
});

export enum TournamentStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
  ACCEPTED = 'ACCEPTED',
  RATED = 'RATED',
}
registerEnumType(TournamentStatus, {
  valuesConfig: {
    DRAFT: { description: 'Being entered or corrected; seen by its arbiter and the rating officers.' },
    SUBMITTED: { description: 'Submitted by its arbiter, waiting for the rating officer’s review.' },
    ACCEPTED: { description: 'Accepted: its period’s next run rates it. Public.' },
    RATED: { description: 'Rated in a published list. Public.' },
  },
  name: 'TournamentStatus',
  description:
    'DRAFT → SUBMITTED (waiting for the rating officer; returned to DRAFT with a reason, or) → ACCEPTED (rated by its ' +
    'period’s next run) → RATED (in a published list). The public sees ACCEPTED and RATED tournaments.',
});

export enum TournamentCheckCode {
  MISSING_BIRTH_DATE = 'MISSING_BIRTH_DATE',
  MISSING_SEX = 'MISSING_SEX',
  LIKELY_DUPLICATE = 'LIKELY_DUPLICATE',
  PERFORMANCE_OUTLIER = 'PERFORMANCE_OUTLIER',
  REPEATED_PAIRING = 'REPEATED_PAIRING',
  GAME_OUTSIDE_DATES = 'GAME_OUTSIDE_DATES',
  UNPLAYED_COUNTED = 'UNPLAYED_COUNTED',
}
registerEnumType(TournamentCheckCode, {
  valuesConfig: {
    MISSING_BIRTH_DATE: { description: 'A player has no birth date (age groups and K need it).' },
    MISSING_SEX: { description: 'A player has no sex recorded.' },
    LIKELY_DUPLICATE: { description: 'A player may be registered twice (same name and birth year).' },
    PERFORMANCE_OUTLIER: { description: 'A performance far from the player’s rating.' },
    REPEATED_PAIRING: { description: 'Two players met more often than the format allows.' },
    GAME_OUTSIDE_DATES: { description: 'A game dated outside the tournament’s dates.' },
    UNPLAYED_COUNTED: { description: 'A forfeit or bye counted as a played game.' },
  },
  name: 'TournamentCheckCode',
  description: 'What an automatic check of a tournament found (none blocks its submission).',
});
// The enum mirrors core's list; a code added there without being added here fails at start-up.
for (const code of TOURNAMENT_CHECK_CODES)
  if (!(code in TournamentCheckCode)) throw new Error(`TournamentCheckCode lacks ${code}`);

export enum RatingListStatus {
  DRAFT = 'DRAFT',
  PUBLISHED = 'PUBLISHED',
}
registerEnumType(RatingListStatus, {
  valuesConfig: {
    DRAFT: { description: 'Computed by a run, waiting for review: staff only, replaced by a re-run.' },
    PUBLISHED: { description: 'Published: public and immutable.' },
  },
  name: 'RatingListStatus',
  description: 'A PUBLISHED list never changes; a correction is a new revision.',
});

export enum ExpectationModel {
  LOGISTIC = 'LOGISTIC',
  FIDE_TABLE = 'FIDE_TABLE',
}
/** The rating-rules model each GraphQL value stands for. */
export const EXPECTATION_MODELS: Record<ExpectationModel, RulesExpectationModel> = {
  [ExpectationModel.LOGISTIC]: 'logistic',
  [ExpectationModel.FIDE_TABLE]: 'fide-table',
};
registerEnumType(ExpectationModel, {
  valuesConfig: {
    LOGISTIC: { description: 'The logistic curve 1 / (1 + 10^(−D/400)).' },
    FIDE_TABLE: { description: 'FIDE Rating Regulations table 8.1.2 (rounded steps).' },
  },
  name: 'ExpectationModel',
  description: 'LOGISTIC: 1 / (1 + 10^(−D/400)). FIDE_TABLE: FIDE Rating Regulations table 8.1.2.',
});

/** Age groups of rankings (see libs/core age-groups: age reached during the list's year). */
export enum AgeGroup {
  U8 = 'U8',
  U10 = 'U10',
  U12 = 'U12',
  U14 = 'U14',
  U16 = 'U16',
  U18 = 'U18',
  U20 = 'U20',
  S50 = 'S50',
  S65 = 'S65',
}
registerEnumType(AgeGroup, {
  valuesConfig: {
    U8: { description: '8 or younger during the list’s year.' },
    U10: { description: '10 or younger during the list’s year.' },
    U12: { description: '12 or younger during the list’s year.' },
    U14: { description: '14 or younger during the list’s year.' },
    U16: { description: '16 or younger during the list’s year.' },
    U18: { description: '18 or younger during the list’s year.' },
    U20: { description: '20 or younger during the list’s year.' },
    S50: { description: '50 or older during the list’s year.' },
    S65: { description: '65 or older during the list’s year.' },
  },
  name: 'AgeGroup',
  description:
    'U8 … U20: at most that age during the list’s year (cumulative: U12 includes U10). S50, S65: 50+ and 65+.',
});
// The enum mirrors the core's table; a group added there without being added here fails at start-up.
for (const group of AGE_GROUPS) if (!(group.code in AgeGroup)) throw new Error(`AgeGroup enum lacks ${group.code}`);

/** Fails at start-up when a GraphQL enum lacks a value of the list it mirrors. */
function mirrors(values: readonly string[], graphqlEnum: object, name: string): void {
  for (const value of values) if (!(value in graphqlEnum)) throw new Error(`${name} lacks ${value}`);
}

export enum StaffRole {
  ADMIN = 'ADMIN',
  RATING_OFFICER = 'RATING_OFFICER',
  ARBITER = 'ARBITER',
}
registerEnumType(StaffRole, {
  name: 'StaffRole',
  description: 'What a staff member may do (README, "The rating officer\'s month").',
  valuesConfig: {
    ADMIN: { description: 'Manages staff accounts and API keys, and does what a rating officer does.' },
    RATING_OFFICER: { description: 'Players, tournaments and their review, rating runs, lists and corrections.' },
    ARBITER: { description: 'Creates and submits his own tournaments, and registers the new players they need.' },
  },
});
mirrors(STAFF_ROLES, StaffRole, 'StaffRole');

export enum PlayerStatus {
  ACTIVE = 'ACTIVE',
  INACTIVE = 'INACTIVE',
}
registerEnumType(PlayerStatus, {
  name: 'PlayerStatus',
  description: 'Whether a player is still active (FIDE lists flag the inactive ones).',
  valuesConfig: {
    ACTIVE: { description: 'Active.' },
    INACTIVE: { description: 'Inactive: kept on lists, flagged.' },
  },
});
mirrors(PLAYER_STATUSES, PlayerStatus, 'PlayerStatus');

export enum TournamentType {
  SWISS = 'SWISS',
  ROUND_ROBIN = 'ROUND_ROBIN',
  DOUBLE_ROUND_ROBIN = 'DOUBLE_ROUND_ROBIN',
  KNOCKOUT = 'KNOCKOUT',
  MATCH = 'MATCH',
  TEAM = 'TEAM',
  OTHER = 'OTHER',
}
registerEnumType(TournamentType, {
  name: 'TournamentType',
  description: 'How a tournament is paired.',
  valuesConfig: {
    SWISS: { description: 'Swiss system.' },
    ROUND_ROBIN: { description: 'Everyone meets everyone once.' },
    DOUBLE_ROUND_ROBIN: { description: 'Everyone meets everyone twice, once with each colour.' },
    KNOCKOUT: { description: 'Knock-out matches.' },
    MATCH: { description: 'A match between two players.' },
    TEAM: { description: 'A team competition (the boards’ games are rated).' },
    OTHER: { description: 'Any other format.' },
  },
});
mirrors(TOURNAMENT_TYPES, TournamentType, 'TournamentType');

export enum ImportStatus {
  IMPORTED = 'IMPORTED',
  ALREADY_IMPORTED = 'ALREADY_IMPORTED',
}
registerEnumType(ImportStatus, {
  name: 'ImportStatus',
  description: 'What an import did with its file.',
  valuesConfig: {
    IMPORTED: { description: 'The file was imported.' },
    ALREADY_IMPORTED: { description: 'The same file was imported before: nothing changed.' },
  },
});

export enum RatingUnit {
  GAME = 'GAME',
  EVENT = 'EVENT',
  PERIOD = 'PERIOD',
}
registerEnumType(RatingUnit, {
  name: 'RatingUnit',
  description: 'How a rating system groups the games it rates.',
  valuesConfig: {
    GAME: { description: 'One game at a time.' },
    EVENT: { description: 'A tournament at a time.' },
    PERIOD: { description: 'A rating period at a time (all its games together).' },
  },
});

export enum ParameterType {
  NUMBER = 'NUMBER',
  INTEGER = 'INTEGER',
  BOOLEAN = 'BOOLEAN',
  ENUM = 'ENUM',
}
registerEnumType(ParameterType, {
  name: 'ParameterType',
  description: 'What a rating system parameter holds.',
  valuesConfig: {
    NUMBER: { description: 'A number (min and max bound it).' },
    INTEGER: { description: 'A whole number (min and max bound it).' },
    BOOLEAN: { description: 'True or false.' },
    ENUM: { description: 'One of `values`.' },
  },
});
