import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives, type IResolvers } from '@graphql-tools/utils';
import { parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap } from 'type-graphql';
import { resolvers, referenceResolvers } from './resolvers';

/** Apollo Federation 2 link: the API is a subgraph that a wider federation graph can compose. */
const FEDERATION_LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])';

export interface ApiSchema {
  /** The executable subgraph schema. */
  schema: GraphQLSchema;
  /** Its SDL, as committed in apps/api/schema.graphql (the contract third parties and the site read). */
  sdl: string;
}

/**
 * Builds the schema from the type-graphql classes (argument validation on), then turns it into an
 * Apollo Federation 2 subgraph with entity resolution for the `@key` types.
 */
export async function buildApiSchema(): Promise<ApiSchema> {
  const typeGraphqlSchema = await buildSchema({
    resolvers,
    validate: { forbidUnknownValues: false },
    skipCheck: true,
  });
  const sdl = `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(typeGraphqlSchema)}\n`;
  const resolverMap = createResolversMap(typeGraphqlSchema) as IResolvers;
  for (const [typeName, resolveReference] of Object.entries(referenceResolvers)) {
    resolverMap[typeName] = { ...(resolverMap[typeName] as object), __resolveReference: resolveReference };
  }
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolverMap as never });
  return { schema, sdl };
}
