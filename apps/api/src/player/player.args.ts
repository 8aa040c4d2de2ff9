import { ArgsType, Field } from 'type-graphql';
import { IsOptional, Length, Matches, MaxLength } from 'class-validator';
import { FEDERATION_CODE_PATTERN, MAX_CLUB_LENGTH, MAX_SEARCH_LENGTH } from '@ratings/contract';
import { Sex } from '../common/enums';
import { PageArgs } from '../pagination';

@ArgsType()
export class PlayersArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Words of the name, in any order; accents and case are ignored.',
  })
  @IsOptional()
  @MaxLength(MAX_SEARCH_LENGTH)
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'FIDE three-letter federation code.' })
  @IsOptional()
  @Length(3, 3)
  @Matches(FEDERATION_CODE_PATTERN, { message: 'federation must be a three-letter code' })
  federation?: string | null;

  @Field(() => String, { description: 'Club name, exactly as listed.', nullable: true })
  @IsOptional()
  @MaxLength(MAX_CLUB_LENGTH)
  club?: string | null;

  @Field(() => Sex, { description: 'Only players of this sex.', nullable: true })
  sex?: Sex | null;
}
