'use client';

import Link from 'next/link';
import { useState } from 'react';
import { fillTemplate, formatCount } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { ListFormat, type RatingControl } from '@/__generated__/graphql';
import { LIST_CONTROLS, LIST_FILE_FORMATS, type ListImportReportView } from '@/lib/staff/list-import';
import { ActionFeedback, type ReauthAction } from './action-feedback';
import { IDLE, type ActionState, type FormMessages } from './action-state';
import { useStaffAction } from './use-staff-action';

export interface ListImportText {
  pool: string;
  format: string;
  formats: Record<ListFormat, string>;
  control: string;
  controlHint: string;
  controls: Record<RatingControl, string>;
  effective: string;
  effectiveHint: string;
  file: string;
  fileHint: string;
  chosen: string;
  tooLarge: string;
  submit: string;
  reportHeading: string;
  imported: string;
  alreadyImported: string;
  openList: string;
  rows: string;
  matched: string;
  matchedBy: string;
  created: string;
  skipped: string;
  conflicting: string;
  noSkipped: string;
  noConflicting: string;
  line: string;
  conflict: string;
  firstLines: string;
}

interface ListImportFormProps {
  action: (state: ActionState<ListImportReportView>, formData: FormData) => Promise<ActionState<ListImportReportView>>;
  reauthAction: ReauthAction;
  pools: readonly { code: string; label: string }[];
  locale: Locale;
  /** The largest file sent (`MAX_TRF_FILE_BYTES` of @ratings/contract, the API's staff body limit). */
  maxBytes: number;
  maxText: string;
  text: ListImportText;
  messages: FormMessages;
}

/** A rating-list file as a new pool's starting list: pool, format, control, effective month, the file; the report. */
export function ListImportForm({
  action,
  reauthAction,
  pools,
  locale,
  maxBytes,
  maxText,
  text,
  messages,
}: ListImportFormProps) {
  const { state, pending, formProps, resubmit } = useStaffAction(action, IDLE as ActionState<ListImportReportView>);
  const [chosen, setChosen] = useState<File | null>(null);
  const [format, setFormat] = useState<string>(LIST_FILE_FORMATS[0]);
  const tooLarge = chosen !== null && chosen.size > maxBytes;
  return (
    <>
      <ActionFeedback state={state} messages={messages} reauthAction={reauthAction} onSignedIn={resubmit} />
      <form {...formProps} aria-busy={pending} className="staff-form" encType="multipart/form-data">
        <div className="form-grid">
          <div className="field">
            <label htmlFor="list-import-pool" className="field-label">
              {text.pool}
            </label>
            <select id="list-import-pool" name="pool" className="field-input" required>
              {pools.map((pool) => (
                <option key={pool.code} value={pool.code}>
                  {pool.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="list-import-format" className="field-label">
              {text.format}
            </label>
            <select
              id="list-import-format"
              name="format"
              className="field-input"
              value={format}
              onChange={(event) => setFormat(event.currentTarget.value)}
            >
              {LIST_FILE_FORMATS.map((value) => (
                <option key={value} value={value}>
                  {text.formats[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="list-import-control" className="field-label">
              {text.control}
            </label>
            <select
              id="list-import-control"
              name="control"
              className="field-input"
              disabled={format === ListFormat.Csv}
              aria-describedby="list-import-control-hint"
            >
              {LIST_CONTROLS.map((value) => (
                <option key={value} value={value}>
                  {text.controls[value]}
                </option>
              ))}
            </select>
            <span id="list-import-control-hint" className="field-hint">
              {text.controlHint}
            </span>
          </div>
          <div className="field">
            <label htmlFor="list-import-effective" className="field-label">
              {text.effective}
            </label>
            <input
              id="list-import-effective"
              name="effective"
              type="month"
              className="field-input"
              aria-describedby="list-import-effective-hint"
            />
            <span id="list-import-effective-hint" className="field-hint">
              {text.effectiveHint}
            </span>
          </div>
        </div>
        <div className="field">
          <label htmlFor="list-import-file" className="field-label">
            {text.file}
          </label>
          <input
            id="list-import-file"
            name="file"
            type="file"
            accept=".txt,.xml,.csv,text/plain,text/csv,application/xml"
            required
            aria-describedby="list-import-file-hint"
            onChange={(event) => setChosen(event.currentTarget.files?.[0] ?? null)}
          />
          <span id="list-import-file-hint" className="field-hint">
            {text.fileHint}
          </span>
          {chosen && <span className="field-hint">{fillTemplate(text.chosen, { name: chosen.name })}</span>}
        </div>
        {tooLarge && (
          <p className="notice notice--error" role="alert">
            {fillTemplate(text.tooLarge, { max: maxText })}
          </p>
        )}
        <div className="action-row">
          <button type="submit" className="button" disabled={pending || tooLarge}>
            {pending ? messages.pending : text.submit}
          </button>
        </div>
      </form>
      {state.status === 'ok' && <ListImportReport report={state.data} locale={locale} text={text} />}
    </>
  );
}

function ListImportReport({
  report,
  locale,
  text,
}: {
  report: ListImportReportView;
  locale: Locale;
  text: ListImportText;
}) {
  const count = (n: number) => formatCount(n, locale);
  const matched = report.matched.byFideId + report.matched.byNationalId + report.matched.byNameBirth;
  const more = (shown: number, total: number) =>
    total > shown && (
      <p className="muted">{fillTemplate(text.firstLines, { shown: count(shown), count: count(total) })}</p>
    );
  return (
    <section aria-labelledby="list-report-heading" className="import-report" data-list-import-report>
      <h2 id="list-report-heading">{text.reportHeading}</h2>
      <p className="notice" role="status">
        {fillTemplate(report.status === 'ALREADY_IMPORTED' ? text.alreadyImported : text.imported, {
          period: report.period,
          date: report.effectiveDate,
        })}{' '}
        <Link href={pageHrefs.staff(locale, 'lists', report.listId)}>{text.openList}</Link>
      </p>
      <dl className="facts">
        <div>
          <dt>{text.rows}</dt>
          <dd data-count="rows">{count(report.rows)}</dd>
        </div>
        <div>
          <dt>{text.matched}</dt>
          <dd data-count="matched">
            {count(matched)}{' '}
            <span className="muted">
              (
              {fillTemplate(text.matchedBy, {
                fide: count(report.matched.byFideId),
                national: count(report.matched.byNationalId),
                name: count(report.matched.byNameBirth),
              })}
              )
            </span>
          </dd>
        </div>
        <div>
          <dt>{text.created}</dt>
          <dd data-count="created">{count(report.created)}</dd>
        </div>
        <div>
          <dt>{text.skipped}</dt>
          <dd data-count="skipped">{count(report.skipped.count)}</dd>
        </div>
        <div>
          <dt>{text.conflicting}</dt>
          <dd data-count="conflicting">{count(report.conflicting.count)}</dd>
        </div>
      </dl>
      <h3>{text.skipped}</h3>
      {report.skipped.count === 0 ? (
        <p className="muted">{text.noSkipped}</p>
      ) : (
        <ul data-skipped>
          {report.skipped.lines.map((entry) => (
            <li key={entry.line}>
              {fillTemplate(text.line, { line: entry.line })} <span lang="en">{entry.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {more(report.skipped.lines.length, report.skipped.count)}
      <h3>{text.conflicting}</h3>
      {report.conflicting.count === 0 ? (
        <p className="muted">{text.noConflicting}</p>
      ) : (
        <ul data-conflicting>
          {report.conflicting.lines.map((entry) => (
            <li key={entry.line}>
              {fillTemplate(text.line, { line: entry.line })}{' '}
              {fillTemplate(text.conflict, {
                fideId: entry.fideId,
                file: entry.nameInFile,
                registered: entry.registeredName,
              })}
            </li>
          ))}
        </ul>
      )}
      {more(report.conflicting.lines.length, report.conflicting.count)}
    </section>
  );
}
