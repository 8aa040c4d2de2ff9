import { ArgsType, Field, ID, Int } from 'type-graphql';
import { IsOptional, Length, Matches, MaxLength, Min } from 'class-validator';
import { FEDERATION_CODE_PATTERN, MAX_CLUB_LENGTH, MAX_POOL_CODE_LENGTH } from '@ratings/contract';
import { AgeGroup, Sex } from '../common/enums';
import { PageArgs } from '../pagination';
import { DateScalar } from '../scalars';

@ArgsType()
export class RankingFilterArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Category code: GM, M, EXPERT, A … J.' })
  @IsOptional()
  @MaxLength(16)
  category?: string | null;

  @Field(() => Sex, { description: 'Only players of this sex.', nullable: true })
  sex?: Sex | null;

  @Field(() => AgeGroup, {
    description: 'Only players of this age group (age reached during the list’s year).',
    nullable: true,
  })
  ageGroup?: AgeGroup | null;

  @Field(() => String, { description: 'FIDE three-letter federation code.', nullable: true })
  @IsOptional()
  @Length(3, 3)
  @Matches(FEDERATION_CODE_PATTERN, { message: 'federation must be a three-letter code' })
  federation?: string | null;

  @Field(() => String, { description: 'Club name, exactly as listed.', nullable: true })
  @IsOptional()
  @MaxLength(MAX_CLUB_LENGTH)
  club?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Start at this rank (instead of `after`): jump to a page or to a player’s place.',
  })
  @IsOptional()
  @Min(1)
  fromRank?: number | null;
}

@ArgsType()
export class RankingsArgs extends RankingFilterArgs {
  @Field({ description: "Pool code: 'standard', 'rapid' …" })
  @MaxLength(MAX_POOL_CODE_LENGTH)
  pool!: string;

  @Field(() => ID, { nullable: true, description: 'A published list of the pool (default: the current one).' })
  list?: string | null;

  @Field(() => DateScalar, {
    nullable: true,
    description: 'The list in force on this date instead of the current one.',
  })
  asOf?: string | null;
}
