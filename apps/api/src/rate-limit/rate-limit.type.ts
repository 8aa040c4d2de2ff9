import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    "The caller's quota as this request leaves it, the same figures as its RateLimit-* headers (units: README, 'Quotas').",
})
export class RateLimit {
  @Field(() => Int, { description: 'Units a minute: the anonymous quota of the address, or the API key’s own.' })
  limit!: number;

  @Field(() => Int, { description: 'Units left in the current minute, once this request is paid for.' })
  remaining!: number;

  @Field(() => Date, { description: 'When the window ends and the count starts over.' })
  resetAt!: Date;

  @Field(() => Int, { description: 'Units this request costs: 1, or its estimated field resolutions / 1,000.' })
  cost!: number;
}
