import { getIntrospectionQuery, Kind, parse, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { buildApiSchema } from './schema';
import { fragmentBomb } from './testing/attacks';
import { checkOperation, countDatabaseRootFields, documentRefusal, measureOperation, QUERY_LIMITS } from './limits';

describe('query limits', () => {
  const parsed = (query: string) => {
    const document = parse(query);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )!;
    return { document, operation };
  };
  let schema: GraphQLSchema;
  beforeAll(async () => {
    ({ schema } = await buildApiSchema());
  });
  const measure = (query: string, variables: Record<string, unknown> = {}) => {
    const { document, operation } = parsed(query);
    return measureOperation(schema, document, operation, variables);
  };

  it('counts a connection page once per row: a 100-row ranking costs about 100 × its row', () => {
    const size = measure(
      `query($n: Int) { rankings(pool: "standard", first: $n) { totalCount edges { cursor node { rank rating player { id surname } category { code } } } } }`,
      { n: 100 },
    );
    // rankings 1 + totalCount 1 + edges (1 + 100 × (cursor 1 + node (1 + rank 1 + rating 1 + player 3 + category 2)))
    expect(size).toEqual({ depth: 5, cost: 1 + 1 + 1 + 100 * (1 + (1 + 1 + 1 + 3 + 2)) });
    expect(size.cost).toBeLessThan(QUERY_LIMITS.maxCost);
  });

  it('multiplies nested pages and assumes a size for plain lists', () => {
    const size = measure(
      `{ players(first: 10) { edges { node { ratings { rating } } } } tournaments { edges { node { standings { points } } } } }`,
    );
    // players 1 + edges (1 + 10 × (node 1 + ratings (1 + 8 known pools × rating 1)))
    // + tournaments 1 + edges (1 + 20 default page × (node 1 + standings (1 + 25 assumed × points 1)))
    expect(size.cost).toBe(1 + 1 + 10 * (1 + 1 + 8) + 1 + 1 + 20 * (1 + 1 + 25));
    expect(size.depth).toBe(5);
  });

  it('follows fragments, and sizes the lists known to be short by what they hold', () => {
    const size = measure(`{ pools { ...P } } fragment P on Pool { code name }`);
    expect(size).toEqual({ depth: 2, cost: 1 + 8 * 2 });
  });

  it('lets a full profile through: every pool’s history with its per-game rows', () => {
    const size = measure(`query($id: ID!) { player(id: $id) { surname ratings { rating display pool { code } }
      histories { pool { code } points { date rating display rank }
        tournaments { tournament { name } ratingBefore ratingAfter performance k bonus
          games { round color opponent { id surname } opponentRating score expected change } } } } }`);
    expect(size.cost).toBeLessThan(QUERY_LIMITS.maxCost);
    expect(size.cost).toBeGreaterThan(10_000); // 8 pools × 25 tournaments × 15 games: still counted
  });

  it('counts __typename like any field, at every use of the fragments that ask for it', () => {
    expect(measure(`{ __typename a: __typename }`)).toEqual({ depth: 1, cost: 2 });
    // F0 spreads F1 three times, F1 spreads F2 three times: 9 uses of F2's two fields.
    const size = measure(
      `{ ...F0 } fragment F0 on Query { ...F1 ...F1 ...F1 } fragment F1 on Query { ...F2 ...F2 ...F2 } fragment F2 on Query { __typename pools { code } }`,
    );
    expect(size).toEqual({ depth: 2, cost: 9 * (1 + (1 + 8 * 1)) });
  });

  it('measures each fragment once: 30 levels spread 4 times each (4^29 uses) take milliseconds', () => {
    const started = performance.now();
    const size = measure(fragmentBomb(30, 4));
    expect(size.cost).toBe(4 ** 29);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('costs _entities once per representation, and refuses more than 100 of them', () => {
    const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Player { surname } ... on Tournament { name } } }`;
    const of = (n: number) => ({
      r: Array.from({ length: n }, (_, i) => ({ __typename: 'Player', id: String(i + 1) })),
    });
    // _entities 1 + n × (both branches: surname 1 + name 1)
    expect(measure(ENTITIES, of(3)).cost).toBe(1 + 3 * 2);
    expect(measure(ENTITIES, of(100)).cost).toBe(1 + 100 * 2);
    const refusal = (() => {
      try {
        return measure(ENTITIES, of(101));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toMatchObject({
      message: 'representations: at most 100 entities per request, got 101',
      extensions: { code: 'BAD_USER_INPUT', argument: 'representations' },
    });
  });

  it('counts the root fields that read the database, through fragments, and not the calculator', () => {
    const count = (query: string) => {
      const { document, operation } = parsed(query);
      return countDatabaseRootFields(document, operation);
    };
    expect(
      count(`{ pools { code } a: pools { code } calculate(rating: 1, opponent: 1, score: 1) { change } __typename }`),
    ).toBe(2);
    expect(
      count(
        `{ ...A ...A ... on Query { players { totalCount } } } fragment A on Query { pools { code } ratingSystems { id } }`,
      ),
    ).toBe(3);
  });

  it('lets the standard introspection query through, and refuses an introspection cycle as too costly', () => {
    const standard = parsed(getIntrospectionQuery());
    const size = checkOperation(schema, standard.document, standard.operation);
    expect(size.depth).toBeLessThanOrEqual(QUERY_LIMITS.maxDepth);
    expect(size.cost).toBeLessThan(QUERY_LIMITS.maxCost);
    // Each type's fields' types' fields …: five levels of fields within the depth limit.
    // Each type's fields' types' fields …: five levels of fields within the depth limit.
    const cycle = parsed(
      `{ __schema { types { fields { type { fields { type { fields { type { fields { type { fields { name } } } } } } } } } } } }`,
    );
    expect(() => checkOperation(schema, cycle.document, cycle.operation)).toThrow(
      /would resolve about \d+ fields; the limit is 50000/,
    );
  });

  it('judges a document on its length and its tokens (comments excluded) before it is parsed', () => {
    expect(documentRefusal(`{ pools { code } }`)).toBeNull();
    expect(documentRefusal(`#${' '.repeat(QUERY_LIMITS.maxDocumentLength)}`)?.extensions).toMatchObject({
      code: 'QUERY_TOO_LARGE',
      max: 15_000,
    });
    const fields = (n: number) => `{${' a'.repeat(n - 2)}}`; // n tokens: the braces and n − 2 names
    expect(documentRefusal(fields(1_000))).toBeNull();
    expect(documentRefusal(fields(1_001))?.extensions).toMatchObject({ code: 'TOO_MANY_TOKENS', max: 1_000 });
    expect(documentRefusal(`# ${'a '.repeat(5_000)}\n{ pools { code } }`)).toBeNull();
    // A document that does not lex is left to the parser, which says where it breaks.
    expect(documentRefusal(`{ pools { "unterminated } }`)).toBeNull();
  });
});
