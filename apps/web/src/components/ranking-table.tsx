import type { ReactNode } from 'react';
import type { Dictionary } from '@/i18n/dictionary';
import type { Locale } from '@/i18n/locales';
import { categoryNames, CLUB_PLACEHOLDER, compactRankingRows } from '@/lib/compact-ranking';
import { categoryName } from '@/lib/pools.queries';
import type { RankingRow } from '@/lib/ranking-entries';
import { RankingRows } from './ranking-rows';

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
  /**
   * A link to the ranking filtered by a club, where the table offers one (`href` is called once, with a
   * placeholder), and the page's path (links on it are written as a query alone).
   */
  clubHref?: { href: (club: string) => string; pagePath: string };
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
        <RankingRows
          rows={compactRankingRows(rows)}
          columns={columns}
          locale={locale}
          categoryNames={categoryNames(rows, (category) => categoryName(category, locale))}
          text={{
            bestPlayer: common.bestPlayer,
            bestPlayerHint: common.bestPlayerHint,
            newOnList: common.newOnList,
            newOnListHint: common.newOnListHint,
            notAvailable: common.notAvailable,
            provisional: common.provisional,
          }}
          clubHref={clubHref ? { template: clubHref.href(CLUB_PLACEHOLDER), pagePath: clubHref.pagePath } : null}
          rowAnchors={rowAnchors}
        />
      </table>
    </div>
  );
}
