import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listApiKeys, listStaffUsers, updateStaffUser, type UpdateStaffUserInput } from '@ratings/core';
import { StaffRole } from '../common/enums';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { ConnectionType, cursorKey, PageArgs, pageRequest, toConnection } from '../pagination';
import { ApiKey, StaffUser } from './staff.type';

const StaffUserConnection = ConnectionType(StaffUser, 'StaffUser');
const ApiKeyConnection = ConnectionType(ApiKey, 'ApiKey');
const isIdKey = cursorKey<{ id: number }>({ id: 'id' });

/** What an administrator's console reads and changes: staff accounts and API keys, in id order. */
@Resolver()
export class StaffAdminResolver {
  @Query(() => StaffUserConnection, { description: 'ADMIN only. Staff accounts, in the order they were created.' })
  async staffUsers(@Args() args: PageArgs, @Ctx() ctx: ApiContext) {
    const request = pageRequest(args, isIdKey);
    const { rows, totalCount } = await listStaffUsers(
      ctx.db,
      { first: request.size, position: request.position },
      ctx.staff(),
    );
    return toConnection(
      rows,
      request,
      totalCount,
      (user) => ({ id: user.id }),
      (user) => user,
    );
  }

  @Query(() => ApiKeyConnection, {
    description: 'ADMIN only. API keys (revoked ones included), in the order they were issued; never their secrets.',
  })
  async apiKeys(@Args() args: PageArgs, @Ctx() ctx: ApiContext) {
    const request = pageRequest(args, isIdKey);
    const { rows, totalCount } = await listApiKeys(
      ctx.db,
      { first: request.size, position: request.position },
      ctx.staff(),
    );
    return toConnection(
      rows,
      request,
      totalCount,
      (key) => ({ id: key.id }),
      (key) => key,
    );
  }

  @Mutation(() => StaffUser, {
    description:
      'ADMIN only. Changes a staff member’s role (ADMIN, RATING_OFFICER, ARBITER) or activity; absent arguments are ' +
      'kept. Applies at his next request. Refused (CONFLICT) when it would leave no active ADMIN.',
  })
  updateStaffUser(
    @Arg('id', () => ID, { description: 'The staff member’s id.' }) id: string,
    // The schema keeps a String, as createStaffUser; core refuses anything but a role (BAD_USER_INPUT naming `role`).
    @Arg('role', () => StaffRole, { description: 'The new role (absent: kept).', nullable: true })
    role: UpdateStaffUserInput['role'] | null,
    @Arg('active', () => Boolean, {
      description: 'False deactivates the account, true reactivates it.',
      nullable: true,
    })
    active: boolean | null,
    @Ctx() ctx: ApiContext,
  ) {
    return updateStaffUser(
      ctx.dataSource,
      { staffId: parseId(id), role: role ?? undefined, active: active ?? undefined },
      ctx.staff(),
    );
  }
}
