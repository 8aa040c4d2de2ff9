import { ArgsType, Field } from 'type-graphql';
import { MaxLength } from 'class-validator';
import { MAX_POOL_CODE_LENGTH } from '@ratings/contract';
import { PageArgs } from '../pagination';

@ArgsType()
export class RatingListsArgs extends PageArgs {
  @Field({ description: 'Pool code.' })
  @MaxLength(MAX_POOL_CODE_LENGTH)
  pool!: string;
}
