import { graphql } from '@/__generated__/gql';
import type { ImportReportFieldsFragment } from '@/__generated__/graphql';

/**
 * Uploading a TRF file: the mutation, and its report (JSON in the schema) read into what the page shows. The
 * tournament's page reads the same fields of its kept report (`Tournament.importReport`).
 */

export const ImportReportFields = graphql(`
  fragment ImportReportFields on ImportReport {
    tournamentId
    status
    players
    games
    skipped
    warnings
  }
`);

export const importTrfMutation = graphql(`
  mutation StaffImportTrf($pool: String!, $content: String!, $fileName: String) {
    importTrf(pool: $pool, content: $content, fileName: $fileName) {
      ...ImportReportFields
    }
  }
`);

export interface ImportReportView {
  tournamentId: string;
  alreadyImported: boolean;
  matched: { startRank: number; playerId: string; by: string }[];
  created: { startRank: number; playerId: string }[];
  games: { played: number; unplayed: number; forfeits: number; byes: number };
  skipped: { line: number | null; reason: string }[];
  warnings: { code: string; message: string; line: number | null; count: number }[];
}

type Json = Record<string, unknown>;

function objectOf(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function arrayOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(objectOf) : [];
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);
const lineOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

/** The report's JSON fields, as libs/core's `ImportReport` writes them, with anything missing read as empty. */
export function toImportReportView(report: ImportReportFieldsFragment): ImportReportView {
  const players = objectOf(report.players);
  const games = objectOf(report.games);
  return {
    tournamentId: report.tournamentId,
    alreadyImported: report.status === 'ALREADY_IMPORTED',
    matched: arrayOf(players.matched).map((row) => ({
      startRank: numberOf(row.startRank),
      playerId: textOf(row.playerId),
      by: textOf(row.by),
    })),
    created: arrayOf(players.created).map((row) => ({
      startRank: numberOf(row.startRank),
      playerId: textOf(row.playerId),
    })),
    games: {
      played: numberOf(games.played),
      unplayed: numberOf(games.unplayed),
      forfeits: numberOf(games.forfeits),
      byes: numberOf(games.byes),
    },
    skipped: arrayOf(report.skipped).map((row) => ({ line: lineOf(row.line), reason: textOf(row.reason) })),
    warnings: arrayOf(report.warnings).map((row) => ({
      code: textOf(row.code),
      message: textOf(row.message),
      line: lineOf(row.line),
      count: numberOf(row.count),
    })),
  };
}
