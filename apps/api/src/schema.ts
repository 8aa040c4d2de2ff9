import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives, type IResolvers } from '@graphql-tools/utils';
import { parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap } from 'type-graphql';
import { resolvers, referenceResolvers } from './resolvers';

/**
 * Apollo Federation 2 link (the API is a subgraph that a wider federation graph can compose), with the definitions
 * of the directives the schema uses: the file is then a complete schema that any tool (graphql-js, linters,
 * graphql-inspector) reads as it is, without federation's built-ins. `@cacheControl` is Apollo Server's.
 */
const SCHEMA_HEADER = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

"""Links a specification (here Apollo Federation 2) and imports some of its definitions."""
directive @link(
  """The specification's URL, with its version."""
  url: String!
  """The prefix its definitions take in this schema (default: the specification's name)."""
  as: String
  """What the specification is for: SECURITY or EXECUTION."""
  for: link__Purpose
  """Definitions used without prefix (here @key)."""
  import: [link__Import]
) repeatable on SCHEMA

"""A definition a @link imports: its name, or an object renaming it."""
scalar link__Import

"""What a linked specification is for."""
enum link__Purpose {
  """It governs what a client may see: a gateway that does not know it must refuse the schema."""
  SECURITY
  """It changes how operations execute: a gateway that does not know it must refuse the schema."""
  EXECUTION
}

"""An entity type of the federation: other subgraphs reference it by these fields."""
directive @key(
  """The fields that identify an object (here its id)."""
  fields: federation__FieldSet!
  """False when this subgraph only references the entity without resolving it."""
  resolvable: Boolean = true
) repeatable on OBJECT | INTERFACE

"""A selection of fields, written as GraphQL text: "id"."""
scalar federation__FieldSet

"""Who may keep an answer: any cache, or only the caller's own."""
enum CacheControlScope {
  """Any cache (a CDN) may keep it."""
  PUBLIC
  """Only the caller's own cache may keep it."""
  PRIVATE
}

"""How long (seconds) a cache may keep an answer selecting this field or type (Apollo Server's cache control)."""
directive @cacheControl(
  """Seconds an answer may be kept; 0: never."""
  maxAge: Int
  """PUBLIC or PRIVATE."""
  scope: CacheControlScope
  """Take the parent field's maxAge instead of the default."""
  inheritMaxAge: Boolean
) on FIELD_DEFINITION | OBJECT | INTERFACE | UNION`;

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
  // type-graphql gives the root types no description of their own.
  typeGraphqlSchema.getQueryType()!.description =
    'What anyone may read (staff-only fields say so), and the calculator.';
  typeGraphqlSchema.getMutationType()!.description =
    'Staff writes: every mutation needs a staff token (UNAUTHENTICATED without, FORBIDDEN with an API key or the wrong role).';
  const sdl = `${SCHEMA_HEADER}\n\n${printSchemaWithDirectives(typeGraphqlSchema)}\n`;
  const resolverMap = createResolversMap(typeGraphqlSchema) as IResolvers;
  for (const [typeName, resolveReference] of Object.entries(referenceResolvers)) {
    resolverMap[typeName] = { ...(resolverMap[typeName] as object), __resolveReference: resolveReference };
  }
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolverMap as never });
  return { schema, sdl };
}
