import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isEnumType, Kind, parse, specifiedRules, validate } from 'graphql';
import * as generated from '@/__generated__/graphql';
import { operationName } from './api';
import { SEXES } from './filter-values';
import { AGE_GROUPS } from './rankings.queries';

/**
 * Every document the site sends, exactly as it sends it (codegen's output, fragments appended), checked
 * against THE contract: the API's committed schema (apps/api/schema.graphql). Codegen already validates
 * the documents when it generates them, but it skips three of GraphQL's rules (unused variables, unused
 * fragments, unknown directives) that the API applies: here every rule runs, as on the server.
 */
const SCHEMA_PATH = path.join(__dirname, '../../../api/schema.graphql');
// The federation `@link` extension and `@key` directives are Apollo's, not plain GraphQL: skip their validation.
const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8').replace(/^extend schema @link\(.*\)$/m, ''), {
  assumeValidSDL: true,
});

// Fragments are generated as documents too (named in their metadata); they are only ever sent inside an operation.
const operations = Object.entries(generated).flatMap(([name, value]) =>
  value instanceof generated.TypedDocumentString && value.__meta__?.fragmentName === undefined
    ? [[name, value] as const]
    : [],
);

describe('the site’s GraphQL operations', () => {
  it('are all here: one per page query, and the staff console’s reads and writes', () => {
    expect(operations.map(([name]) => name).sort()).toEqual([
      'HomePageDocument',
      'OgListDocument',
      'OgPlayerDocument',
      'PlayerPoolHistoryDocument',
      'PlayerProfileDocument',
      'PlayersDocument',
      'PoolListsDocument',
      'PoolsDocument',
      'RankingFilterValuesDocument',
      'RankingPageDocument',
      'RatingListDocument',
      'RatingSystemsDocument',
      'SitemapListsDocument',
      'SitemapRankingDocument',
      'SitemapTournamentsDocument',
      'StaffAcceptTournamentDocument',
      'StaffAccountsDocument',
      'StaffAddParticipantsDocument',
      'StaffAuditTrailDocument',
      'StaffCorrectGameResultDocument',
      'StaffCreateApiKeyDocument',
      'StaffCreatePlayerDocument',
      'StaffCreateStaffUserDocument',
      'StaffCreateTournamentDocument',
      'StaffCreateWebhookDocument',
      'StaffDashboardDocument',
      'StaffDeleteWebhookDocument',
      'StaffImportPoolsDocument',
      'StaffImportRatingListDocument',
      'StaffImportTrfDocument',
      'StaffListCorrectionDocument',
      'StaffListReviewDocument',
      'StaffLoginDocument',
      'StaffMergePlayersDocument',
      'StaffPlayerDocument',
      'StaffPlayersDocument',
      'StaffPublishRatingListDocument',
      'StaffRecordGamesDocument',
      'StaffReopenTournamentDocument',
      'StaffRepublishRatingListDocument',
      'StaffReturnTournamentDocument',
      'StaffRevokeApiKeyDocument',
      'StaffRunPoolsDocument',
      'StaffRunRatingPeriodDocument',
      'StaffSimulateOptionsDocument',
      'StaffSimulatePoolDocument',
      'StaffSubmitTournamentDocument',
      'StaffTournamentEntryDocument',
      'StaffTournamentReviewDocument',
      'StaffTournamentsDocument',
      'StaffUpdatePlayerDocument',
      'StaffUpdateStaffUserDocument',
      'StaffViewerDocument',
      'StaffWebhooksDocument',
      'TournamentDocument',
      'TournamentsDocument',
      'WhatIfDocument',
    ]);
  });

  it.each(operations)('%s is valid against apps/api/schema.graphql under every rule', (_name, document) => {
    const ast = parse(document.toString());
    expect(validate(schema, ast, specifiedRules).map((error) => error.message)).toEqual([]);
    const definitions = ast.definitions.filter((node) => node.kind === Kind.OPERATION_DEFINITION);
    expect(definitions).toHaveLength(1);
    expect(definitions[0].name?.value).toBe(operationName(document));
  });
});

describe('the schema’s enums at run time', () => {
  const valuesOf = (name: string) => {
    const type = schema.getType(name);
    return isEnumType(type) ? type.getValues().map((value) => value.value) : [];
  };

  it('offers the age groups in the schema’s order, youngest first', () => {
    expect(valuesOf('AgeGroup')).toContain('U8');
    expect(AGE_GROUPS).toEqual(valuesOf('AgeGroup'));
  });

  it('offers every sex the schema has', () => {
    expect([...SEXES].sort()).toEqual(valuesOf('Sex').sort());
  });
});
