import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLJSON } from 'graphql-scalars';

@ObjectType({ description: 'A federation staff member (never their password hash).' })
export class StaffUser {
  @Field(() => ID)
  id!: number;

  @Field()
  email!: string;

  @Field()
  displayName!: string;

  @Field({ description: 'ADMIN or RATING_OFFICER.' })
  role!: string;

  @Field()
  active!: boolean;

  @Field(() => Date, { nullable: true })
  lastLoginAt!: Date | null;
}

@ObjectType()
export class LoginPayload {
  @Field({ description: 'Send it as "Authorization: Bearer <token>".' })
  token!: string;

  @Field(() => Date)
  expiresAt!: Date;

  @Field(() => StaffUser)
  staffUser!: StaffUser;
}

@ObjectType({ description: 'A read-only API key for a third party (the secret is never shown again).' })
export class ApiKey {
  @Field(() => ID)
  id!: number;

  @Field()
  name!: string;

  @Field({ description: 'Public part of the key, to recognise it in logs.' })
  prefix!: string;

  @Field(() => Int)
  quotaPerMinute!: number;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  lastUsedAt!: Date | null;
}

@ObjectType()
export class CreatedApiKey {
  @Field(() => ApiKey)
  apiKey!: ApiKey;

  @Field({ description: 'rk_<prefix>_<secret>: shown this once, stored hashed.' })
  secret!: string;
}

@ObjectType({ description: 'What a TRF import did: players matched or created, games written, lines skipped.' })
export class ImportReport {
  @Field(() => ID)
  tournamentId!: number;

  @Field({ description: 'IMPORTED, or ALREADY_IMPORTED when the same file was imported before (nothing changed).' })
  status!: string;

  @Field(() => GraphQLJSON, {
    description: '{ matched: [{ startRank, playerId, by }], created: [{ startRank, playerId }] }',
  })
  players!: unknown;

  @Field(() => GraphQLJSON, { description: '{ played, unplayed, forfeits, byes }' })
  games!: unknown;

  @Field(() => GraphQLJSON, { description: '[{ line, reason }]' })
  skipped!: unknown;

  @Field(() => GraphQLJSON)
  warnings!: unknown;
}

@ObjectType({ description: 'What a rating run computed: a DRAFT list to review, then publish.' })
export class RunReport {
  @Field(() => ID)
  listId!: number;

  @Field()
  pool!: string;

  @Field()
  period!: string;

  @Field({ description: 'First day of the games rated.' })
  periodStart!: string;

  @Field({ description: 'Last day of the games rated.' })
  periodEnd!: string;

  @Field()
  effectiveDate!: string;

  @Field(() => Int)
  tournaments!: number;

  @Field(() => Int)
  games!: number;

  @Field(() => Int)
  players!: number;

  @Field(() => Int)
  listed!: number;

  @Field(() => Int)
  changes!: number;

  @Field()
  replacedDraft!: boolean;
}

@ObjectType({ description: 'One write: who, what, when, before and after.' })
export class AuditEvent {
  @Field(() => ID)
  id!: number;

  @Field(() => Date)
  at!: Date;

  @Field(() => Int, { nullable: true })
  actorStaffId!: number | null;

  @Field(() => String, { nullable: true })
  actorLabel!: string | null;

  @Field()
  action!: string;

  @Field()
  entityType!: string;

  @Field(() => Int, { nullable: true })
  entityId!: number | null;

  @Field(() => GraphQLJSON, { nullable: true })
  before!: unknown;

  @Field(() => GraphQLJSON, { nullable: true })
  after!: unknown;

  @Field(() => String, { nullable: true })
  requestId!: string | null;
}
