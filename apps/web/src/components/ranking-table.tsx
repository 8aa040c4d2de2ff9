import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatCount } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { categoryName } from '@/lib/pools.queries';
import { rankingRowId, type RankingRow } from '@/lib/ranking-entries';
import { RatingValue } from './rating-value';
import { SignedChange } from './signed-change';
import { titlesText } from '@/lib/player-name';

export type RankingColumn = 'rank' | 'player' | 'category' | 'rating' | 'change' | 'games' | 'federation' | 'club';

/** The compact table of the home page, and the full one of the rankings pages. */
export const COMPACT_COLUMNS: readonly RankingColumn[] = ['rank', 'player', 'rating', 'change'];
export const FULL_COLUMNS: readonly RankingColumn[] = [
  'rank',
  'player',
  'category',
  'rating',
  'change',
  'games',
  'federation',
  'club',
];

const NUMERIC: ReadonlySet<RankingColumn> = new Set(['rank', 'rating', 'change', 'games']);

export interface RankingTableProps {
  rows: readonly RankingRow[];
  locale: Locale;
  dictionary: Dictionary;
  caption: ReactNode;
  columns?: readonly RankingColumn[];
  /** A link to the ranking filtered by a club, where the table offers one. */
  clubHref?: (club: string) => string;
  captionHidden?: boolean;
  /** Rows carry `id="player-<id>"`, the anchors of a profile's link to the player's place (one table per page). */
  rowAnchors?: boolean;
}

/**
 * A ranking: rank, player (linked to the profile, "Meilleur joueur" on the list's first), category,
 * rating (`~1543` explained while provisional), change since the previous list, games, federation, club.
 */
export function RankingTable({
  rows,
  locale,
  dictionary,
  caption,
  columns = FULL_COLUMNS,
  clubHref,
  captionHidden = false,
  rowAnchors = false,
}: RankingTableProps) {
  const text = dictionary.ranking.columns;
  const { common } = dictionary;
  const cell = (column: RankingColumn, row: RankingRow): ReactNode => {
    switch (column) {
      case 'rank':
        return row.rank;
      case 'player':
        return (
          <>
            {row.titles.length > 0 && <span className="player-title">{titlesText(row.titles)} </span>}
            <Link href={pageHrefs.player(locale, row.playerId)}>{row.name}</Link>
            {row.bestPlayer && (
              <>
                {' '}
                <span className="badge badge--best" title={common.bestPlayerHint}>
                  {common.bestPlayer}
                </span>
              </>
            )}
          </>
        );
      case 'category':
        return categoryName(row.category, locale);
      case 'rating':
        return <RatingValue display={row.display} provisional={row.provisional} text={common.provisional} />;
      case 'change':
        return row.change === null ? (
          <span className="muted" title={common.newOnListHint}>
            {common.newOnList}
          </span>
        ) : (
          <SignedChange value={row.change} locale={locale} />
        );
      case 'games':
        return formatCount(row.games, locale);
      case 'federation':
        return row.federation ?? common.notAvailable;
      case 'club':
        if (!row.club) return common.notAvailable;
        return clubHref ? (
          <Link href={clubHref(row.club)} title={fillTemplate(dictionary.ranking.clubFilterLink, { club: row.club })}>
            {row.club}
          </Link>
        ) : (
          row.club
        );
    }
  };
  return (
    <div className="table-scroll">
      <table className="data-table ranking-table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={NUMERIC.has(column) ? 'numeric' : undefined}>
                {text[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.playerId}
              id={rowAnchors ? rankingRowId(row.playerId) : undefined}
              data-player-id={row.playerId}
              data-category={row.category.code}
              className={row.bestPlayer ? 'is-best' : undefined}
            >
              {columns.map((column) =>
                column === 'player' ? (
                  <th key={column} scope="row">
                    {cell(column, row)}
                  </th>
                ) : (
                  <td key={column} className={NUMERIC.has(column) ? 'numeric' : undefined} data-column={column}>
                    {cell(column, row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
