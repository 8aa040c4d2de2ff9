import { ArgsType, Field } from 'type-graphql';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { MAX_POOL_CODE_LENGTH, MAX_SEARCH_LENGTH } from '@ratings/contract';
import type { TournamentFilters } from '@ratings/core';
import { TournamentStatus } from '../common/enums';
import { PageArgs } from '../pagination';
import { DateScalar } from '../scalars';

@ArgsType()
export class TournamentsArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Pool code.' })
  @IsOptional()
  @MaxLength(MAX_POOL_CODE_LENGTH)
  pool?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Ending on or after this date.' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Ending on or before this date.' })
  to?: string | null;

  // Core's filter type: the enum's other value, DRAFT, is refused here before it gets there.
  @Field(() => TournamentStatus, { nullable: true, description: 'SUBMITTED (awaiting rating) or RATED.' })
  @IsOptional()
  @IsIn([TournamentStatus.SUBMITTED, TournamentStatus.RATED], {
    message: 'status: the public sees SUBMITTED and RATED tournaments',
  })
  status?: TournamentFilters['status'];

  @Field(() => String, { nullable: true, description: 'Words of the name or city; accents and case are ignored.' })
  @IsOptional()
  @MaxLength(MAX_SEARCH_LENGTH)
  search?: string | null;
}
