import Link from 'next/link';
import { fillTemplate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import type { ImportReportView } from '@/lib/staff/import-report';

export interface ImportReportText {
  reportHeading: string;
  imported: string;
  alreadyImported: string;
  matched: string;
  created: string;
  games: string;
  skipped: string;
  noSkipped: string;
  line: string;
  warnings: string;
  openTournament: string;
}

/** What a TRF import did: after the upload, and on the tournament's page for as long as it exists. */
export function ImportReportSection({
  report,
  locale,
  text,
  onTournamentPage = false,
}: {
  report: ImportReportView;
  locale: Locale;
  text: ImportReportText;
  /** On the tournament's own page: no "imported" notice nor link to the page. */
  onTournamentPage?: boolean;
}) {
  return (
    <section aria-labelledby="report-heading" className="import-report" data-import-report>
      <h2 id="report-heading">{text.reportHeading}</h2>
      {!onTournamentPage && (
        <p className="notice" role="status">
          {report.alreadyImported ? text.alreadyImported : text.imported}{' '}
          <Link href={pageHrefs.staff(locale, 'tournaments', report.tournamentId)}>{text.openTournament}</Link>
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>{text.matched}</dt>
          <dd data-count="matched">{report.matched.length}</dd>
        </div>
        <div>
          <dt>{text.created}</dt>
          <dd data-count="created">{report.created.length}</dd>
        </div>
        <div>
          <dt>{text.games}</dt>
          <dd data-count="games">{report.games.played}</dd>
        </div>
        <div>
          <dt>{text.skipped}</dt>
          <dd data-count="skipped">{report.skipped.length}</dd>
        </div>
      </dl>
      {report.skipped.length === 0 ? (
        <p className="muted">{text.noSkipped}</p>
      ) : (
        <ul data-skipped>
          {report.skipped.map((entry, index) => (
            <li key={index}>
              {entry.line !== null && `${fillTemplate(text.line, { line: entry.line })} `}
              <span lang="en">{entry.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {report.warnings.length > 0 && (
        <>
          <h3>{text.warnings}</h3>
          <ul data-warnings>
            {report.warnings.map((warning) => (
              <li key={warning.code}>
                {warning.line !== null && `${fillTemplate(text.line, { line: warning.line })} `}
                <span lang="en">{warning.message}</span> ({warning.count})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
