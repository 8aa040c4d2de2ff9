import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { buildApiSchema } from './schema';
import { measureOperation, QUERY_LIMITS } from './limits';

describe('query limits', () => {
  const measure = async (query: string, variables: Record<string, unknown> = {}) => {
    const { schema } = await buildApiSchema();
    const document = parse(query);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )!;
    return measureOperation(schema, document, operation, variables);
  };

  it('counts a connection page once per row: a 100-row ranking costs about 100 × its row', async () => {
    const size = await measure(
      `query($n: Int) { rankings(pool: "standard", first: $n) { totalCount edges { cursor node { rank rating player { id surname } category { code } } } } }`,
      { n: 100 },
    );
    // rankings 1 + totalCount 1 + edges (1 + 100 × (cursor 1 + node (1 + rank 1 + rating 1 + player 3 + category 2)))
    expect(size).toEqual({ depth: 5, cost: 1 + 1 + 1 + 100 * (1 + (1 + 1 + 1 + 3 + 2)) });
    expect(size.cost).toBeLessThan(QUERY_LIMITS.maxCost);
  });

  it('multiplies nested pages and assumes a size for plain lists', async () => {
    const size = await measure(
      `{ players(first: 10) { edges { node { ratings { rating } } } } tournaments { edges { node { standings { points } } } } }`,
    );
    // players 1 + edges (1 + 10 × (node 1 + ratings (1 + 8 known pools × rating 1)))
    // + tournaments 1 + edges (1 + 20 default page × (node 1 + standings (1 + 25 assumed × points 1)))
    expect(size.cost).toBe(1 + 1 + 10 * (1 + 1 + 8) + 1 + 1 + 20 * (1 + 1 + 25));
    expect(size.depth).toBe(5);
  });

  it('follows fragments, and sizes the lists known to be short by what they hold', async () => {
    const size = await measure(`{ pools { ...P } } fragment P on Pool { code name }`);
    expect(size).toEqual({ depth: 2, cost: 1 + 8 * 2 });
  });

  it('lets a full profile through: every pool’s history with its per-game rows', async () => {
    const size = await measure(`query($id: ID!) { player(id: $id) { surname ratings { rating display pool { code } }
      histories { pool { code } points { date rating display rank }
        tournaments { tournament { name } ratingBefore ratingAfter performance k bonus
          games { round color opponent { id surname } opponentRating score expected change } } } } }`);
    expect(size.cost).toBeLessThan(QUERY_LIMITS.maxCost);
    expect(size.cost).toBeGreaterThan(10_000); // 8 pools × 25 tournaments × 15 games: still counted
  });
});
