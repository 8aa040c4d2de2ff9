import Link from 'next/link';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatScore } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import type { CrosstableCell, TournamentView } from '@/lib/tournament.queries';

/** A tournament's crosstable (lines by start rank, one column per round): the public page and the staff console's. */
export function CrosstableSection({
  view,
  rounds,
  locale,
  dictionary,
}: {
  view: TournamentView;
  rounds: number;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const { tournament: text, common } = dictionary;
  const number = (value: number | null) => (value === null ? common.notAvailable : String(value));
  return (
    <section aria-labelledby="crosstable-heading">
      <h2 id="crosstable-heading">{text.crosstableHeading}</h2>
      <p className="muted">{text.legend}</p>
      <div className="table-scroll" role="region" aria-labelledby="crosstable-heading" tabIndex={0}>
        <table className="data-table crosstable" data-crosstable>
          <caption className="visually-hidden">{text.crosstableCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="numeric">
                {text.crosstableColumns.startRank}
              </th>
              <th scope="col">{text.crosstableColumns.player}</th>
              <th scope="col" className="numeric">
                {text.crosstableColumns.rating}
              </th>
              {Array.from({ length: rounds }, (_, index) => (
                <th key={index} scope="col" className="crosstable__round">
                  <abbr title={fillTemplate(text.roundLong, { round: index + 1 })}>
                    {fillTemplate(text.roundShort, { round: index + 1 })}
                  </abbr>
                </th>
              ))}
              <th scope="col" className="numeric">
                {text.crosstableColumns.points}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.crosstable.map((row) => (
              <tr key={row.playerId} data-start-rank={row.startRank}>
                <td className="numeric">{row.startRank}</td>
                <th scope="row">
                  <Link href={pageHrefs.player(locale, row.playerId)}>{row.name}</Link>
                </th>
                <td className="numeric">{number(row.ratingAtStart)}</td>
                {row.rounds.map((cell, index) => (
                  <td key={index} className="crosstable__cell" data-round={index + 1}>
                    {cell && <CrosstableCellText cell={cell} locale={locale} dictionary={dictionary} />}
                  </td>
                ))}
                <td className="numeric crosstable__total">{formatScore(row.points, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One round as crosstables print it: opponent's start number, colour letter, points (`2N1`); `+`/`−` for forfeits. */
function CrosstableCellText({
  cell,
  locale,
  dictionary,
}: {
  cell: CrosstableCell;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const { common, tournament: text } = dictionary;
  if (cell.kind === 'bye') {
    return (
      <span className="crosstable__bye">
        {text.byeText} {formatScore(cell.points, locale)}
      </span>
    );
  }
  const result =
    cell.kind === 'forfeit' ? (cell.points > 0 ? text.forfeitWin : text.forfeitLoss) : formatScore(cell.points, locale);
  return (
    <>
      {cell.opponentStartRank}
      {cell.color && <abbr title={common.colors[cell.color]}>{common.colorLetters[cell.color]}</abbr>}
      <strong>{result}</strong>
    </>
  );
}
