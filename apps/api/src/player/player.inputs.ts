import { Field, InputType, Int } from 'type-graphql';
import type { PlayerInput as CorePlayerInput } from '@ratings/core';
import { Sex } from '../common/enums';
import { DateScalar } from '../scalars';

/**
 * Core's input, field for field: a field core renames or retypes fails the build here. Creation and update
 * share the schema's input, so every field is nullable there; core checks each one it is given (a missing
 * surname on creation, a status that is not one) and names it in its BAD_USER_INPUT.
 */
@InputType({ description: 'A player’s details; on update, absent fields are kept and null clears.' })
export class PlayerInput implements CorePlayerInput {
  @Field(() => String, { nullable: true })
  surname!: string;

  @Field(() => String, { nullable: true })
  givenName?: string | null;

  @Field(() => Sex, { nullable: true })
  sex?: Sex | null;

  @Field(() => DateScalar, { nullable: true })
  birthDate?: string | null;

  @Field(() => Int, { nullable: true, description: 'When only the year is known.' })
  birthYear?: number | null;

  @Field(() => String, { nullable: true })
  federation?: string | null;

  @Field(() => String, { nullable: true })
  fideId?: string | null;

  @Field(() => String, { nullable: true })
  nationalId?: string | null;

  @Field(() => String, { nullable: true })
  club?: string | null;

  @Field(() => [String], { nullable: true })
  titles?: string[];

  @Field(() => String, { nullable: true, description: 'ACTIVE or INACTIVE.' })
  status?: CorePlayerInput['status'];
}
