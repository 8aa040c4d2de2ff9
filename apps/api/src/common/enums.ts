import { registerEnumType, UseMiddleware } from 'type-graphql';
import {
  ratingSystems,
  RATING_SYSTEM_IDS,
  type ExpectationModel as RulesExpectationModel,
  type RatingSystemId as RulesRatingSystemId,
} from '@ratings/rating-rules';

// Every enum's values equal its names: the federation subgraph is rebuilt from the printed SDL, which
// keeps names only (argument defaults would otherwise arrive as names).
import {
  AGE_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  GAME_RESULTS,
  LIST_FORMATS,
  PLAYER_STATUSES,
  RATING_CONTROLS,
  STAFF_ROLES,
  TOURNAMENT_CHECK_CODES,
  TOURNAMENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type AuditAction as CoreAuditAction,
  type AuditEntityType as CoreAuditEntityType,
  type GameResult as CoreGameResult,
  type ListFormat as CoreListFormat,
  type RatingControl as CoreRatingControl,
  type WebhookEventType as CoreWebhookEventType,
} from '@ratings/core';

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

/**
 * A GraphQL enum over one of core's lists whose values GraphQL cannot spell ('1-0', 'fide-txt', 'elo-provisional',
 * 'rating-list.published', 'acceptTournament'): each value gets a name, its SCREAMING_SNAKE_CASE unless one is given,
 * and the enum's values equal those names. `nameOf` and `valueOf` are the one place the two spellings meet: fields
 * answer through `answersAs`, resolvers turn arguments back with `valueOf`.
 */
export interface CoreEnum<V extends string> {
  /** The registered enum, for `@Field(() => …type)` and `@Arg(…, () => …type)`. */
  readonly type: Record<string, string>;
  nameOf(value: V): string;
  valueOf(name: string): V;
}

function screamingSnakeCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

function coreEnum<V extends string>(
  values: readonly V[],
  config: { name: string; description: string; values: Record<V, { name?: string; description: string }> },
): CoreEnum<V> {
  const nameByValue = new Map(values.map((value) => [value, config.values[value].name ?? screamingSnakeCase(value)]));
  const valueByName = new Map([...nameByValue].map(([value, name]) => [name, value]));
  if (valueByName.size !== nameByValue.size) throw new Error(`${config.name}: two values share a name`);
  const type = Object.fromEntries([...valueByName.keys()].map((name) => [name, name]));
  registerEnumType(type, {
    name: config.name,
    description: config.description,
    valuesConfig: Object.fromEntries(
      values.map((value) => [nameByValue.get(value)!, { description: config.values[value].description }]),
    ),
  });
  return {
    type,
    nameOf: (value) => {
      const name = nameByValue.get(value);
      if (name === undefined) throw new Error(`${config.name} has no name for ${JSON.stringify(value)}`);
      return name;
    },
    valueOf: (name) => {
      const value = valueByName.get(name);
      if (value === undefined) throw new Error(`${config.name} has no value ${JSON.stringify(name)}`);
      return value;
    },
  };
}

/** The field holds core's value (null passes): it answers the value's enum name. */
export function answersAs<V extends string>(graphqlEnum: CoreEnum<V>): MethodDecorator & PropertyDecorator {
  return UseMiddleware(async (_, next) => {
    const value = (await next()) as V | null | undefined;
    return value == null ? value : graphqlEnum.nameOf(value);
  });
}

export const GameResult = coreEnum<CoreGameResult>(GAME_RESULTS, {
  name: 'GameResult',
  description: 'The result of a pairing, from White’s side: over the board, by forfeit, or a bye (no Black).',
  values: {
    '1-0': { name: 'WHITE_WINS', description: 'White won over the board (1-0).' },
    '0-1': { name: 'BLACK_WINS', description: 'Black won over the board (0-1).' },
    '1/2-1/2': { name: 'DRAW', description: 'Drawn over the board (½-½).' },
    '+/-': { name: 'WHITE_WINS_BY_FORFEIT', description: 'Black forfeited: White scores the point unplayed (+/-).' },
    '-/+': { name: 'BLACK_WINS_BY_FORFEIT', description: 'White forfeited: Black scores the point unplayed (-/+).' },
    '-/-': { name: 'DOUBLE_FORFEIT', description: 'Both forfeited: neither scores (-/-).' },
    BYE_PAB: { description: 'Pairing-allocated bye: the player left over by the pairing (TRF U).' },
    BYE_FULL: { description: 'Full-point bye (TRF F).' },
    BYE_HALF: { description: 'Half-point bye (TRF H).' },
    BYE_ZERO: { description: 'Zero-point bye (TRF Z).' },
  },
});

export const RatingSystemId = coreEnum<RulesRatingSystemId>(RATING_SYSTEM_IDS, {
  name: 'RatingSystemId',
  description: 'A rating system the platform implements (see `ratingSystems` for each one’s parameters).',
  values: Object.fromEntries(
    RATING_SYSTEM_IDS.map((id) => [id, { description: `${ratingSystems[id].name}.` }]),
  ) as Record<RulesRatingSystemId, { description: string }>,
});

export const ListFormat = coreEnum<CoreListFormat>(LIST_FORMATS, {
  name: 'ListFormat',
  description: 'The layout of a rating-list file.',
  values: {
    'fide-txt': { description: 'FIDE’s fixed-width TXT list, combined or one control.' },
    'fide-xml': { description: 'FIDE’s XML list.' },
    csv: { description: 'The platform’s own CSV export.' },
  },
});

export const RatingControl = coreEnum<CoreRatingControl>(RATING_CONTROLS, {
  name: 'RatingControl',
  description: 'Which rating column of a FIDE combined file to read.',
  values: {
    standard: { description: 'Standard (classical) ratings.' },
    rapid: { description: 'Rapid ratings.' },
    blitz: { description: 'Blitz ratings.' },
  },
});

export const WebhookEventType = coreEnum<CoreWebhookEventType>(WEBHOOK_EVENT_TYPES, {
  name: 'WebhookEventType',
  description: 'What a webhook event announces (its body’s `type` keeps the dotted spelling).',
  values: {
    'rating-list.published': { description: 'A list was published (rating-list.published).' },
    'rating-list.republished': {
      description: 'A published list was corrected: a new revision (rating-list.republished).',
    },
  },
});

export const AuditAction = coreEnum<CoreAuditAction>(AUDIT_ACTIONS, {
  name: 'AuditAction',
  description: 'What a write did: the mutation or command that made it.',
  values: {
    login: { description: 'A staff member signed in.' },
    failLogin: { description: 'A sign-in was refused (wrong password, inactive account).' },
    createStaffUser: { description: 'A staff account was created.' },
    updateStaffUser: { description: 'A staff account’s role or state was changed.' },
    deactivateStaffUser: { description: 'A staff account was deactivated.' },
    createApiKey: { description: 'An API key was issued.' },
    revokeApiKey: { description: 'An API key was revoked.' },
    createPlayer: { description: 'A player was registered (by hand or by an import).' },
    updatePlayer: { description: 'A player’s record was changed.' },
    mergePlayers: { description: 'Two records of one player were merged.' },
    createPool: { description: 'A rating pool was created.' },
    createTournament: { description: 'A tournament was entered by hand.' },
    updateTournament: { description: 'A tournament’s details were changed.' },
    addParticipants: { description: 'Players were added to a tournament.' },
    recordGames: { description: 'Pairings and results were recorded.' },
    submitTournament: { description: 'A tournament was submitted for review.' },
    acceptTournament: { description: 'A tournament was accepted for rating.' },
    returnTournament: { description: 'A tournament was returned to its arbiter, with a reason.' },
    reopenTournament: { description: 'A submitted or accepted tournament was taken back to DRAFT, to correct it.' },
    importTrf: { description: 'A tournament report (TRF) was imported.' },
    importRatingList: { description: 'A rating-list file was imported.' },
    runRatingPeriod: { description: 'A rating period was run: a draft list.' },
    publishRatingList: { description: 'A list was published.' },
    republishRatingList: { description: 'A published list was corrected: a new revision.' },
    correctGameResult: { description: 'A game’s result was corrected.' },
    createWebhook: { description: 'A webhook was registered.' },
    deleteWebhook: { description: 'A webhook was removed.' },
    startDemoSeed: { description: 'The demo federation’s seed started.' },
    completeDemoSeed: { description: 'The demo federation’s seed finished.' },
    removeInterruptedDemoSeed: { description: 'An interrupted demo seed was removed, to be done again.' },
  },
});

export const AuditEntityType = coreEnum<CoreAuditEntityType>(AUDIT_ENTITY_TYPES, {
  name: 'AuditEntityType',
  description: 'The kind of entity a write changed.',
  values: {
    StaffUser: { description: 'A staff account.' },
    ApiKey: { description: 'An API key.' },
    Player: { description: 'A player.' },
    Pool: { description: 'A rating pool.' },
    Tournament: { description: 'A tournament.' },
    Game: { description: 'A game of a tournament.' },
    RatingList: { description: 'A rating list.' },
    Webhook: { description: 'A webhook.' },
    DemoSeed: { description: 'A run of the demo federation’s seed.' },
  },
});
