import { ArgsType, Field, ID } from 'type-graphql';
import { IsOptional, MaxLength } from 'class-validator';
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

  @Field(() => TournamentStatus, {
    nullable: true,
    description:
      'Only this status. The public sees ACCEPTED and RATED tournaments; an arbiter also his own drafts and ' +
      'submissions; rating officers and administrators everything (SUBMITTED: the review queue).',
  })
  status?: TournamentFilters['status'];

  @Field(() => ID, { nullable: true, description: 'Created by this staff member (see staffUsers).' })
  createdBy?: string | null;

  @Field(() => String, { nullable: true, description: 'Words of the name or city; accents and case are ignored.' })
  @IsOptional()
  @MaxLength(MAX_SEARCH_LENGTH)
  search?: string | null;
}
