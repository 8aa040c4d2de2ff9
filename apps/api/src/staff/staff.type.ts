import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { answersAs, AuditAction, AuditEntityType, StaffRole } from '../common/enums';

@ObjectType({ description: 'A federation staff member (never their password hash).' })
export class StaffUser {
  @Field(() => ID, { description: 'The staff member’s id.' })
  id!: number;

  @Field({ description: 'E-mail address, used to sign in.' })
  email!: string;

  @Field({ description: 'Name shown in the console and the audit trail.' })
  displayName!: string;

  @Field(() => StaffRole, { description: 'What the staff member may do.' })
  role!: StaffRole;

  @Field({ description: 'False once deactivated: signing in is refused.' })
  active!: boolean;

  @Field(() => Date, { description: 'Last successful sign-in.', nullable: true })
  lastLoginAt!: Date | null;
}

@ObjectType({ description: 'A signed-in staff member’s token.' })
export class LoginPayload {
  @Field({ description: 'Send it as "Authorization: Bearer <token>".' })
  token!: string;

  @Field(() => Date, { description: 'When the token stops working.' })
  expiresAt!: Date;

  @Field(() => StaffUser, { description: 'Who signed in.' })
  staffUser!: StaffUser;
}

@ObjectType({ description: 'A read-only API key for a third party (the secret is never shown again).' })
export class ApiKey {
  @Field(() => ID, { description: 'The key’s id.' })
  id!: number;

  @Field({ description: 'Who the key was issued to.' })
  name!: string;

  @Field({ description: 'Public part of the key, to recognise it in logs.' })
  prefix!: string;

  @Field(() => Int, { description: 'Its quota, in units a minute.' })
  quotaPerMinute!: number;

  @Field(() => Date, { description: 'When it was revoked (null: in use).', nullable: true })
  revokedAt!: Date | null;

  @Field(() => Date, { description: 'When it was last used.', nullable: true })
  lastUsedAt!: Date | null;
}

@ObjectType({ description: 'A new API key, with its secret (shown this once).' })
export class CreatedApiKey {
  @Field(() => ApiKey, { description: 'The key.' })
  apiKey!: ApiKey;

  @Field({ description: 'rk_<prefix>_<secret>: shown this once, stored hashed.' })
  secret!: string;
}

@ObjectType({ description: 'One write: who, what, when, before and after.' })
export class AuditEvent {
  @Field(() => ID, { description: 'The event’s id (newer events have larger ids).' })
  id!: number;

  @Field(() => Date, { description: 'When the write was made.' })
  at!: Date;

  @Field(() => ID, { description: 'The staff member who made it (null for a process).', nullable: true })
  actorStaffId!: number | null;

  @Field(() => String, { description: 'The staff member’s name, or the process (cli, demo seed).', nullable: true })
  actorLabel!: string | null;

  @Field(() => AuditAction.type, { description: 'What was done: the mutation or command that made the write.' })
  @answersAs(AuditAction)
  action!: string;

  @Field(() => AuditEntityType.type, { description: 'What kind of entity was written.' })
  @answersAs(AuditEntityType)
  entityType!: string;

  @Field(() => ID, { description: 'The entity’s id.', nullable: true })
  entityId!: number | null;

  @Field(() => GraphQLJSON, { description: 'The entity before the write (null for a creation).', nullable: true })
  before!: unknown;

  @Field(() => GraphQLJSON, { description: 'The entity after the write.', nullable: true })
  after!: unknown;

  @Field(() => String, { description: 'The API request that made it (x-request-id), for the logs.', nullable: true })
  requestId!: string | null;
}
