import { Field, InputType, Int } from 'type-graphql';
import type { PlayerInput as CorePlayerInput } from '@ratings/core';
import { PlayerStatus, Sex } from '../common/enums';
import { DateScalar } from '../scalars';

/**
 * Core's input, field for field: a field core renames or retypes fails the build here. Creation and update
 * share the schema's input, so every field is nullable there; core checks each one it is given (a missing
 * surname on creation, a status that is not one) and names it in its BAD_USER_INPUT.
 */
@InputType({ description: 'A player’s details; on update, absent fields are kept and null clears.' })
export class PlayerInput implements CorePlayerInput {
  @Field(() => String, { description: 'Surname, accents kept.', nullable: true })
  surname!: string;

  @Field(() => String, { description: 'Given name, accents kept.', nullable: true })
  givenName?: string | null;

  @Field(() => Sex, { description: 'M or F.', nullable: true })
  sex?: Sex | null;

  @Field(() => DateScalar, { description: 'Birth date (only its year is public).', nullable: true })
  birthDate?: string | null;

  @Field(() => Int, { nullable: true, description: 'When only the year is known.' })
  birthYear?: number | null;

  @Field(() => String, { description: 'FIDE three-letter federation code.', nullable: true })
  federation?: string | null;

  @Field(() => String, { description: 'FIDE id.', nullable: true })
  fideId?: string | null;

  @Field(() => String, { description: 'The federation’s own member number.', nullable: true })
  nationalId?: string | null;

  @Field(() => String, { description: 'Club.', nullable: true })
  club?: string | null;

  @Field(() => [String], { description: "FIDE titles: 'GM', 'IM', 'WGM' …", nullable: true })
  titles?: string[];

  @Field(() => PlayerStatus, { nullable: true, description: 'Whether the player is active.' })
  status?: CorePlayerInput['status'];
}
