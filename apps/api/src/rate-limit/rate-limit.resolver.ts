import { Ctx, Directive, Query, Resolver } from 'type-graphql';
import type { ApiContext } from '../context';
import { RateLimit } from './rate-limit.type';

@Resolver()
export class RateLimitResolver {
  @Directive('@cacheControl(maxAge: 0)')
  @Query(() => RateLimit, {
    nullable: true,
    description:
      "The caller's quota, consistent with the response's RateLimit-* headers. Null for callers without one (staff, " +
      'the addresses exempted, such as the site’s server).',
  })
  rateLimit(@Ctx() { quota }: ApiContext): RateLimit | null {
    if (!quota) return null;
    const { decision, cost, decidedAt } = quota;
    return {
      limit: decision.limit,
      remaining: decision.remaining,
      resetAt: new Date(decidedAt + decision.resetSeconds * 1000),
      cost,
    };
  }
}
