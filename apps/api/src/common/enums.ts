import { registerEnumType } from 'type-graphql';
import type { ExpectationModel as RulesExpectationModel } from '@ratings/rating-rules';

// Every enum's values equal its names: the federation subgraph is rebuilt from the printed SDL, which
// keeps names only (argument defaults would otherwise arrive as names).
import { AGE_GROUPS, TOURNAMENT_CHECK_CODES } from '@ratings/core';

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
