import Link from 'next/link';
import { SignedChange } from '@/components/signed-change';
import { SystemParameterFields } from '@/components/system-parameter-fields';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatPeriod } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { fetchPools, ratingSystemName } from '@/lib/pools.queries';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { readSystemParameters, refusedField } from '@/lib/system-parameters';
import type { StandingRow } from '@/lib/tournament.queries';
import {
  compareWithOfficial,
  fetchRatingSystems,
  fetchWhatIf,
  otherSystems,
  type WhatIfOutcome,
} from '@/lib/what-if.queries';

/**
 * The tournament page's "what if": a GET form (a system other than the pool's, its parameters) and, once sent,
 * each player's official change beside the one the other system would give, marked unofficial. A refused system or
 * parameter is said on the page; nothing of it is cached (see `fetchWhatIf`).
 */
export async function WhatIfSection({
  tournamentId,
  poolCode,
  standings,
  query,
  locale,
  dictionary,
}: {
  tournamentId: string;
  poolCode: string;
  standings: readonly StandingRow[];
  query: SearchParams;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const text = dictionary.whatIf;
  const [pools, systems] = await Promise.all([fetchPools(), fetchRatingSystems()]);
  const poolSystemId = pools.find((pool) => pool.code === poolCode)?.ratingSystemId ?? '';
  const offered = otherSystems(systems, poolSystemId);
  const requested = firstParam(query, 'system');
  const requestedSystem = systems.find((system) => system.id === requested);
  const formSystem = requestedSystem ?? offered[0];
  const reading = requestedSystem ? readSystemParameters(requestedSystem, query) : null;
  let outcome: WhatIfOutcome | { status: 'invalid'; key: string } | { status: 'unknown-system' } | null = null;
  // A system the API does not offer is not asked for: the page says so.
  if (requested !== undefined && !requestedSystem) outcome = { status: 'unknown-system' };
  else if (requestedSystem && reading) {
    outcome = reading.ok
      ? await fetchWhatIf(tournamentId, requestedSystem.id, reading.parameters)
      : { status: 'invalid', key: reading.key };
  }
  const parameterNames = dictionary.systems.parameters as Record<string, { name: string } | undefined>;
  const invalidKey =
    outcome?.status === 'invalid' ? outcome.key : outcome?.status === 'refused' ? refusedField(outcome.argument) : null;

  return (
    <section id="what-if" aria-labelledby="what-if-heading" className="what-if" data-what-if>
      <h2 id="what-if-heading">{text.heading}</h2>
      <p>{text.intro}</p>
      <form method="get" action={`${pageHrefs.tournament(locale, tournamentId)}#what-if`} className="filter-form">
        <fieldset className="fieldset">
          <legend>{text.formLegend}</legend>
          <div className="filter-grid">
            <div className="field filter-field">
              <label htmlFor="what-if-system" className="field-label">
                {text.system}
              </label>
              <select id="what-if-system" name="system" className="field-input" defaultValue={formSystem?.id}>
                {offered.map((system) => (
                  <option key={system.id} value={system.id}>
                    {ratingSystemName(system, locale)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {formSystem && (
            <SystemParameterFields
              idPrefix="what-if"
              parameters={formSystem.parameters}
              values={reading?.fields ?? {}}
              invalidKey={invalidKey}
              locale={locale}
              dictionary={dictionary}
            />
          )}
          <div className="action-row filter-actions">
            <button type="submit" className="button">
              {text.submit}
            </button>
          </div>
        </fieldset>
      </form>

      {outcome?.status === 'invalid' && reading && (
        <p className="notice notice--error" role="alert" data-what-if-error>
          {fillTemplate(text.invalidParameter, {
            value: reading.fields[outcome.key] ?? '',
            parameter: parameterNames[outcome.key]?.name ?? outcome.key,
          })}
        </p>
      )}
      {outcome?.status === 'unknown-system' && (
        <div className="notice notice--error" role="alert" data-what-if-error>
          <p>{text.refused}</p>
          <p>{text.unknownSystem}</p>
        </div>
      )}
      {outcome?.status === 'refused' && (
        <div className="notice notice--error" role="alert" data-what-if-error>
          <p>{text.refused}</p>
          <p lang={locale === 'en' ? undefined : 'en'}>{outcome.message}</p>
          {outcome.argument && <p>{fillTemplate(text.argument, { argument: outcome.argument })}</p>}
        </div>
      )}
      {outcome?.status === 'ok' && (
        <WhatIfResult
          systemName={ratingSystemName(requestedSystem!, locale)}
          period={outcome.whatIf.period}
          rows={compareWithOfficial(standings, outcome.whatIf.rows)}
          locale={locale}
          dictionary={dictionary}
        />
      )}
    </section>
  );
}

function WhatIfResult({
  systemName,
  period,
  rows,
  locale,
  dictionary,
}: {
  systemName: string;
  period: string;
  rows: ReturnType<typeof compareWithOfficial>;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const text = dictionary.whatIf;
  const missing = dictionary.common.notAvailable;
  const number = (value: number | null) => (value === null ? missing : String(value));
  // The official change of an event-rated system may carry a decimal (a bonus); the what-if's are whole points.
  const change = (value: number | null) =>
    value === null ? missing : <SignedChange value={value} locale={locale} digits={Number.isInteger(value) ? 0 : 1} />;
  return (
    <div data-what-if-result>
      <h3>
        {fillTemplate(text.resultHeading, { system: systemName })} <span className="badge">{text.unofficial}</span>
      </h3>
      <p>{fillTemplate(text.startingPoint, { month: formatPeriod(period, locale) })}</p>
      {rows.length === 0 ? (
        <p>{text.noRows}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-table="what-if">
            <caption>{fillTemplate(text.caption, { system: systemName })}</caption>
            <thead>
              <tr>
                <th scope="col">{text.columns.player}</th>
                <th scope="col" className="numeric">
                  {text.columns.officialAfter}
                </th>
                <th scope="col" className="numeric">
                  {text.columns.officialChange}
                </th>
                <th scope="col" className="numeric">
                  {text.columns.whatIfBefore}
                </th>
                <th scope="col" className="numeric">
                  {text.columns.whatIfAfter}
                </th>
                <th scope="col" className="numeric">
                  {text.columns.whatIfChange}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.playerId} data-player-id={row.playerId}>
                  <th scope="row">
                    <Link href={pageHrefs.player(locale, row.playerId)}>{row.name}</Link>
                  </th>
                  <td className="numeric" data-column="official-after">
                    {number(row.officialAfter)}
                  </td>
                  <td className="numeric" data-column="official-change">
                    {change(row.officialChange)}
                  </td>
                  <td className="numeric" data-column="what-if-before">
                    {number(row.whatIfBefore)}
                  </td>
                  <td className="numeric" data-column="what-if-after">
                    {number(row.whatIfAfter)}
                  </td>
                  <td className="numeric" data-column="what-if-change">
                    {change(row.whatIfChange)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
