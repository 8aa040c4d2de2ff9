'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Dictionary } from '@/i18n/dictionary';
import { formatCount, formatSigned } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { clubLink, rankingRowOf, type CompactRankingRow, type ShownRankingRow } from '@/lib/compact-ranking';
import { rankingRowId } from '@/lib/ranking-entries';
import { RatingValue } from './rating-value';
import { changeKind } from './signed-change';
import type { RankingColumn } from './ranking-table';

/**
 * The numeric cells carry `data-column` (the stylesheet aligns `.ranking-table td[data-column]` right, the tests
 * read them); the others carry nothing: a hundred rows repeat every attribute a hundred times.
 */
const NUMERIC: ReadonlySet<RankingColumn> = new Set(['rank', 'rating', 'change', 'games']);

export interface RankingRowsProps {
  rows: readonly CompactRankingRow[];
  columns: readonly RankingColumn[];
  locale: Locale;
  /** The rows' categories' names in the page's language, by code. */
  categoryNames: Record<string, string>;
  text: Pick<
    Dictionary['common'],
    'bestPlayer' | 'bestPlayerHint' | 'newOnList' | 'newOnListHint' | 'notAvailable' | 'provisional'
  >;
  /** The ranking filtered by a row's club (`CLUB_PLACEHOLDER` for the club) and the page's path, where the table offers one. */
  clubHref: { template: string; pagePath: string } | null;
  rowAnchors: boolean;
}

/**
 * The body of a ranking table, rendered from compact rows (`lib/compact-ranking.ts`): the server renders it into
 * the HTML as any component, and the RSC payload carries the rows' values once instead of every cell's markup.
 */
export function RankingRows({ rows, columns, locale, categoryNames, text, clubHref, rowAnchors }: RankingRowsProps) {
  const cell = (column: RankingColumn, row: ShownRankingRow): ReactNode => {
    switch (column) {
      case 'rank':
        return row.rank;
      case 'player':
        return (
          <>
            {row.titles && <span className="player-title">{`${row.titles} `}</span>}
            <Link href={pageHrefs.player(locale, row.playerId)} prefetch={false}>
              {row.name}
            </Link>
            {row.bestPlayer && (
              <>
                {' '}
                <span className="badge badge--best" title={text.bestPlayerHint}>
                  {text.bestPlayer}
                </span>
              </>
            )}
          </>
        );
      case 'category':
        return categoryNames[row.categoryCode] ?? row.categoryCode;
      case 'rating':
        return <RatingValue display={row.display} provisional={row.provisional} text={text.provisional} />;
      case 'change':
        return row.change === null ? (
          <span className="muted" title={text.newOnListHint}>
            {text.newOnList}
          </span>
        ) : (
          // The cell itself is marked (`changeKind`), not a span inside it: most rows of a list change by 0.
          formatSigned(row.change, locale)
        );
      case 'games':
        return formatCount(row.games, locale);
      case 'federation':
        return row.federation ?? text.notAvailable;
      case 'club':
        if (!row.club) return text.notAvailable;
        return clubHref ? (
          <Link href={clubLink(clubHref.template, row.club, clubHref.pagePath)} prefetch={false}>
            {row.club}
          </Link>
        ) : (
          row.club
        );
    }
  };
  return (
    <tbody>
      {rows.map(rankingRowOf).map((row) => (
        <tr
          key={row.playerId}
          id={rowAnchors ? rankingRowId(row.playerId) : undefined}
          data-player-id={row.playerId}
          data-category={row.categoryCode}
          className={row.bestPlayer ? 'is-best' : undefined}
        >
          {columns.map((column) =>
            column === 'player' ? (
              <th key={column} scope="row">
                {cell(column, row)}
              </th>
            ) : (
              <td
                key={column}
                data-column={NUMERIC.has(column) ? column : undefined}
                data-change={column === 'change' ? changeKind(row.change) : undefined}
              >
                {cell(column, row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </tbody>
  );
}
