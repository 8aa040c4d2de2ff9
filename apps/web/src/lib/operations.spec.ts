import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { homePageQuery } from './home.queries';
import { poolListsQuery, ratingListQuery } from './lists.queries';
import { playerProfileOperation } from './player.queries';
import { playersQuery } from './players.queries';
import { poolsQuery } from './pools.queries';
import { rankingPageQuery } from './rankings.queries';
import { tournamentQuery } from './tournament.queries';
import { tournamentsQuery } from './tournaments.queries';

/**
 * Every operation the site sends, checked against THE contract: the API's committed schema
 * (apps/api/schema.graphql). A renamed field or argument fails here, not on a visitor's page.
 */
const SCHEMA_PATH = path.join(__dirname, '../../../api/schema.graphql');
// The federation `@link` extension and `@key` directives are Apollo's, not plain GraphQL: skip their validation.
const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8').replace(/^extend schema @link\(.*\)$/m, ''), {
  assumeValidSDL: true,
});

const operations = [
  poolsQuery,
  homePageQuery,
  rankingPageQuery,
  playersQuery,
  playerProfileOperation(1),
  playerProfileOperation(4),
  tournamentQuery,
  tournamentsQuery,
  poolListsQuery,
  ratingListQuery,
];

describe('the site’s GraphQL operations', () => {
  it.each(operations.map((operation) => [operation.name, operation] as const))(
    '%s is valid against apps/api/schema.graphql',
    (name, operation) => {
      const document = parse(operation.document);
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
      const definition = document.definitions.find((node) => node.kind === 'OperationDefinition');
      expect(definition && 'name' in definition ? definition.name?.value : null).toBe(name);
    },
  );
});
