import Link from 'next/link';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatDate, formatDecimal, formatExpectedScore, formatScore, plural } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import type { TournamentChangeRow } from '@/lib/player.queries';
import { SignedChange } from './signed-change';

/**
 * A pool's rated tournaments: rating before and after, change, performance, K, bonus, score. On the pool's history
 * page each has its per-game breakdown one click away (a `<details>`: no JavaScript needed); the profile's rows
 * come without games and show none.
 */
export function TournamentChangesTable({
  rows,
  caption,
  playerName,
  locale,
  dictionary,
}: {
  rows: readonly TournamentChangeRow[];
  caption: string;
  playerName: string;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const { player: text, common } = dictionary;
  const columns = text.columns;
  const number = (value: number | null) => (value === null ? common.notAvailable : String(value));
  return (
    <div className="table-scroll">
      <table className="data-table tournament-changes" data-tournament-changes>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.tournament}</th>
            <th scope="col">{columns.list}</th>
            <th scope="col" className="numeric">
              {columns.before}
            </th>
            <th scope="col" className="numeric">
              {columns.after}
            </th>
            <th scope="col" className="numeric">
              {columns.change}
            </th>
            <th scope="col" className="numeric">
              {columns.performance}
            </th>
            <th scope="col" className="numeric">
              <abbr title={text.kTitle}>{columns.k}</abbr>
            </th>
            <th scope="col" className="numeric">
              {columns.bonus}
            </th>
            <th scope="col" className="numeric">
              {columns.score}
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={row.id} data-rating-change={row.id}>
            <tr>
              <th scope="row">
                <Link href={pageHrefs.tournament(locale, row.tournamentId)}>{row.tournamentName}</Link>
                <span className="cell-detail">
                  {[row.city, formatDate(row.endDate, locale)].filter(Boolean).join(' · ')}
                </span>
              </th>
              <td>{formatDate(row.listDate, locale)}</td>
              <td className="numeric">{number(row.before)}</td>
              <td className="numeric">{number(row.after)}</td>
              <td className="numeric">
                {row.change === null ? (
                  common.notAvailable
                ) : (
                  <SignedChange value={row.change} locale={locale} digits={Number.isInteger(row.change) ? 0 : 1} />
                )}
              </td>
              <td className="numeric">{number(row.performance)}</td>
              <td className="numeric">{row.k === null ? common.notAvailable : formatDecimal(row.k, locale)}</td>
              <td className="numeric">{row.bonus === 0 ? '0' : formatDecimal(row.bonus, locale, 1)}</td>
              <td className="numeric">
                {fillTemplate(text.scoreOf, { score: formatScore(row.score, locale), games: row.gameCount })}
              </td>
            </tr>
            {row.games.length > 0 && (
              <tr className="breakdown-row">
                <td colSpan={9}>
                  <details className="breakdown">
                    <summary>{plural(text.breakdown, row.games.length, locale)}</summary>
                    <table className="data-table data-table--compact breakdown__table">
                      <caption className="visually-hidden">
                        {fillTemplate(text.breakdownCaption, { name: playerName, tournament: row.tournamentName })}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col" className="numeric">
                            {text.gameColumns.round}
                          </th>
                          <th scope="col">{text.gameColumns.color}</th>
                          <th scope="col">{text.gameColumns.opponent}</th>
                          <th scope="col" className="numeric">
                            {text.gameColumns.opponentRating}
                          </th>
                          <th scope="col">{text.gameColumns.result}</th>
                          <th scope="col" className="numeric">
                            {text.gameColumns.expected}
                          </th>
                          <th scope="col" className="numeric">
                            {text.gameColumns.change}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {row.games.map((game) => (
                          <tr key={`${game.round}-${game.opponentId}`}>
                            <td className="numeric">{game.round}</td>
                            <td>{common.colors[game.color]}</td>
                            <th scope="row">
                              <Link href={pageHrefs.player(locale, game.opponentId)}>{game.opponentName}</Link>
                            </th>
                            <td className="numeric">
                              {game.opponentRating === null
                                ? common.notAvailable
                                : formatDecimal(game.opponentRating, locale, 0)}
                            </td>
                            <td>
                              {game.score === 1
                                ? text.results.win
                                : game.score === 0
                                  ? text.results.loss
                                  : text.results.draw}
                            </td>
                            <td className="numeric">
                              {game.expected === null
                                ? common.notAvailable
                                : formatExpectedScore(game.expected, locale)}
                            </td>
                            <td className="numeric">
                              {game.change === null ? (
                                common.notAvailable
                              ) : (
                                <SignedChange
                                  value={game.change}
                                  locale={locale}
                                  digits={Number.isInteger(game.change) ? 0 : 2}
                                />
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                </td>
              </tr>
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}
