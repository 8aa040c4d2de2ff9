import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
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
});
