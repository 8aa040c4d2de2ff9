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
