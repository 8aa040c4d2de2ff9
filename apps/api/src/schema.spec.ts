import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  parse,
  validateSchema,
  type GraphQLSchema,
} from 'graphql';
import { composeServices } from '@apollo/composition';
import { buildApiSchema } from './schema';
import { SCHEMA_FILE } from './emit-schema';

describe('the schema contract', () => {
  it('apps/api/schema.graphql is what the code emits (run `npm run emit-schema -w @ratings/api` after a change)', async () => {
    const { sdl } = await buildApiSchema();
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(sdl);
  });

  it('composes as an Apollo Federation 2 subgraph with another subgraph that extends Player, Tournament and RatingList', async () => {
    const { sdl } = await buildApiSchema();
    const clubs = `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Player @key(fields: "id") { id: ID! clubMembership: String }
      type Tournament @key(fields: "id") { id: ID! photos: [String!]! }
      type RatingList @key(fields: "id") { id: ID! pressRelease: String }
      type Query { clubNews: [String!]! }`;
    const result = composeServices([
      { name: 'ratings', typeDefs: parse(sdl), url: 'http://ratings.example/graphql' },
      { name: 'clubs', typeDefs: parse(clubs), url: 'http://clubs.example/graphql' },
    ]);
    expect(result.errors ?? []).toEqual([]);
    const supergraph = result.supergraphSdl ?? '';
    for (const entity of ['Player', 'Tournament', 'RatingList']) {
      expect(supergraph).toMatch(new RegExp(`type ${entity}\\s[^{]*@join__type\\(graph: RATINGS, key: "id"\\)`));
      expect(supergraph).toMatch(new RegExp(`type ${entity}\\s[^{]*@join__type\\(graph: CLUBS, key: "id"\\)`));
    }
  });

  it('is a complete schema as the file stands: graphql-js builds it with no definition added', () => {
    const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
    expect(validateSchema(schema)).toEqual([]);
    expect(schema.getDirective('key')?.args.map((arg) => arg.name)).toEqual(['fields', 'resolvable']);
    expect(schema.getDirective('link')).toBeDefined();
    expect(schema.getDirective('cacheControl')).toBeDefined();
  });

  it('describes every type, field, argument, enum value and directive (a new one without a description fails)', () => {
    const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
    expect(undescribed(schema)).toEqual([]);
  });

  it('finds an undescribed field, argument and enum value', () => {
    const schema = buildSchema(`
      "Q" type Query { "f" f(a: Int): E bare: Int }
      "E" enum E { "x" X Y }`);
    expect(undescribed(schema)).toEqual(['Query.f(a:)', 'Query.bare', 'E.Y']);
  });
});

/** Every element of the schema (its own, not graphql-js's built-ins) that has no description. */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (what: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(what);
  };
  const builtIn = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || builtIn.has(type.name)) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  for (const directive of schema.getDirectives()) {
    if (['skip', 'include', 'deprecated', 'specifiedBy', 'oneOf'].includes(directive.name)) continue;
    check(`@${directive.name}`, directive.description);
    for (const arg of directive.args) check(`@${directive.name}(${arg.name}:)`, arg.description);
  }
  return missing;
}
