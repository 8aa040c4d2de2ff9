import { Arg, Ctx, ID, Int, Mutation, Resolver } from 'type-graphql';
import {
  createApiKey,
  createStaffUser,
  deactivateStaffUser,
  login,
  revokeApiKey,
  type CreateStaffUserInput,
} from '@ratings/core';
import { StaffRole } from '../common/enums';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { ApiKey, CreatedApiKey, LoginPayload, StaffUser } from './staff.type';

/**
 * Sign-in, staff accounts and API keys. Each mutation is the staff check (context.staff(): UNAUTHENTICATED /
 * FORBIDDEN) and one core use case, which checks the role and validates.
 */
@Resolver()
export class StaffResolver {
  @Mutation(() => LoginPayload, {
    description: 'Signs a staff member in. Repeated failures lock the account for a growing delay.',
  })
  login(
    @Arg('email', { description: 'The staff member’s e-mail address.' }) email: string,
    @Arg('password', { description: 'The password.' }) password: string,
    @Ctx() { dataSource, config, requestId, viewer }: ApiContext,
  ) {
    return login(dataSource, email, password, { ip: viewer.ip, secret: config.tokenSecret, requestId });
  }

  @Mutation(() => StaffUser, { description: 'ADMIN only.' })
  createStaffUser(
    @Arg('email', { description: 'E-mail address, used to sign in.' }) email: string,
    @Arg('displayName', { description: 'Name shown in the console and the audit trail.' }) displayName: string,
    // The schema keeps a String; core refuses anything but a role (BAD_USER_INPUT naming `role`).
    @Arg('role', () => StaffRole, { description: 'What the staff member may do.' }) role: CreateStaffUserInput['role'],
    @Arg('password', { description: 'The initial password (12 characters or more).' }) password: string,
    @Ctx() ctx: ApiContext,
  ) {
    return createStaffUser(ctx.dataSource, { email, displayName, role, password }, ctx.staff());
  }

  @Mutation(() => StaffUser, { description: 'ADMIN only. The account’s tokens stop working at once.' })
  deactivateStaffUser(
    @Arg('id', () => ID, { description: 'The staff member’s id.' }) id: string,
    @Ctx() ctx: ApiContext,
  ) {
    return deactivateStaffUser(ctx.dataSource, { staffId: parseId(id) }, ctx.staff());
  }

  @Mutation(() => CreatedApiKey, { description: 'ADMIN only. A read-only key with a quota; the secret is shown once.' })
  createApiKey(
    @Arg('name', { description: 'Who the key is for.' }) name: string,
    @Arg('quotaPerMinute', () => Int, { description: 'Its quota, in units a minute.' }) quotaPerMinute: number,
    @Ctx() ctx: ApiContext,
  ) {
    return createApiKey(ctx.dataSource, { name, quotaPerMinute }, ctx.staff());
  }

  @Mutation(() => ApiKey, { description: 'ADMIN only.' })
  revokeApiKey(@Arg('id', () => ID, { description: 'The key’s id.' }) id: string, @Ctx() ctx: ApiContext) {
    return revokeApiKey(ctx.dataSource, { apiKeyId: parseId(id) }, ctx.staff());
  }
}
