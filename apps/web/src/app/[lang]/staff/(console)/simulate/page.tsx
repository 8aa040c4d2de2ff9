import type { Metadata } from 'next';
import Link from 'next/link';
import { PaginationNav } from '@/components/pagination-nav';
import { SignedChange } from '@/components/signed-change';
import { NotAllowed } from '@/components/staff/not-allowed';
import { StaffTable, type Column } from '@/components/staff/staff-table';
import { SystemParameterFields } from '@/components/system-parameter-fields';
import { getDictionary, type Dictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDecimal, formatPeriod } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { numberedPageLinks, readPageNumber } from '@/lib/pagination';
import { playerName } from '@/lib/player-name';
import { poolName, ratingSystemName } from '@/lib/pools.queries';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { parameterQuery, readSystemParameters, refusedField } from '@/lib/system-parameters';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import {
  fetchPoolSimulation,
  fetchSimulateOptions,
  SIMULATION_PAGE_SIZE,
  type PoolSimulationData,
  type SimulationOutcome,
} from '@/lib/staff/simulate.queries';

/** Longer than any pool code, system id or period the form sends. */
const MAX_FIELD_LENGTH = 32;

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.simulate.title };
}

/**
 * A pool's published periods rated again under another system or other parameters (a GET form, so a simulation
 * has an address), compared with what was published: the summary, the players who differ most, every player.
 */
export default async function SimulatePage({
  params,
  searchParams,
}: LangParams & { searchParams: Promise<SearchParams> }) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'simulate')) return <NotAllowed locale={locale} role={viewer.role} />;
  const query = await searchParams;
  const dictionary = getDictionary(locale);
  const { staff, common, whatIf } = dictionary;
  const text = staff.simulate;
  const { pools, ratingSystems } = await fetchSimulateOptions(locale);
  const field = (name: string) => firstParam(query, name)?.slice(0, MAX_FIELD_LENGTH);
  const pool = pools.find((candidate) => candidate.code === field('pool')) ?? pools[0];
  const requestedSystem = field('system');
  const system =
    ratingSystems.find((candidate) => candidate.id === requestedSystem) ??
    ratingSystems.find((candidate) => candidate.id !== pool?.ratingSystemId) ??
    ratingSystems[0];
  const from = field('from') ?? pool?.currentList?.period ?? '';
  const to = field('to') ?? pool?.currentList?.period ?? '';
  const reading = system ? readSystemParameters(system, query) : null;
  const page = readPageNumber(query);

  let outcome: SimulationOutcome | { status: 'invalid'; key: string } | null = null;
  // A system the API does not offer is not asked for: the form shows the one it falls back to.
  if (system?.id === requestedSystem && pool && reading) {
    outcome = reading.ok
      ? await fetchPoolSimulation(
          { pool: field('pool') ?? pool.code, system: system.id, parameters: reading.parameters, from, to, page },
          locale,
        )
      : { status: 'invalid', key: reading.key };
  }
  const parameterNames = dictionary.systems.parameters as Record<string, { name: string } | undefined>;
  const invalidKey =
    outcome?.status === 'invalid' ? outcome.key : outcome?.status === 'refused' ? refusedField(outcome.argument) : null;
  const path = pageHrefs.staff(locale, 'simulate');

  return (
    <>
      <h1>{text.title}</h1>
      <p className="lead">{text.intro}</p>
      <form method="get" action={path} className="filter-form" aria-label={text.formLegend}>
        <fieldset className="fieldset">
          <legend>{text.formLegend}</legend>
          <div className="filter-grid">
            <div className="field filter-field">
              <label htmlFor="simulate-pool" className="field-label">
                {common.poolLabel}
              </label>
              <select id="simulate-pool" name="pool" className="field-input" defaultValue={pool?.code}>
                {pools.map((candidate) => (
                  <option key={candidate.code} value={candidate.code}>
                    {capitalize(poolName(candidate, locale), locale)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field filter-field">
              <label htmlFor="simulate-system" className="field-label">
                {text.system}
              </label>
              <select id="simulate-system" name="system" className="field-input" defaultValue={system?.id}>
                {ratingSystems.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {ratingSystemName(candidate, locale)}
                  </option>
                ))}
              </select>
            </div>
            {(['from', 'to'] as const).map((name) => (
              <div key={name} className="field filter-field">
                <label htmlFor={`simulate-${name}`} className="field-label">
                  {text[name]}
                </label>
                <span id={`simulate-${name}-hint`} className="field-hint">
                  {text.periodHint}
                </span>
                <input
                  id={`simulate-${name}`}
                  name={name}
                  type="text"
                  inputMode="numeric"
                  pattern="\d{4}-\d{2}"
                  className="field-input"
                  defaultValue={name === 'from' ? from : to}
                  maxLength={MAX_FIELD_LENGTH}
                  aria-describedby={`simulate-${name}-hint`}
                  aria-invalid={invalidKey === name || undefined}
                  required
                />
              </div>
            ))}
          </div>
          {system && (
            <SystemParameterFields
              idPrefix="simulate"
              parameters={system.parameters}
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
        <p className="notice notice--error" role="alert" data-simulate-error>
          {fillTemplate(whatIf.invalidParameter, {
            value: reading.fields[outcome.key] ?? '',
            parameter: parameterNames[outcome.key]?.name ?? outcome.key,
          })}
        </p>
      )}
      {outcome?.status === 'refused' && (
        <div className="notice notice--error" role="alert" data-simulate-error>
          <p>{text.refused}</p>
          <p lang={locale === 'en' ? undefined : 'en'}>{outcome.message}</p>
          {outcome.argument && <p>{fillTemplate(whatIf.argument, { argument: outcome.argument })}</p>}
        </div>
      )}
      {outcome?.status === 'ok' && reading && (
        <SimulationResult
          simulation={outcome.simulation}
          page={page}
          links={numberedPageLinks(
            path,
            { pool: pool?.code, system: requestedSystem, from, to, ...parameterQuery(reading.fields) },
            page,
            outcome.simulation.playerCount,
            SIMULATION_PAGE_SIZE,
          )}
          locale={locale}
          dictionary={dictionary}
        />
      )}
    </>
  );
}

type SimulatedRow = PoolSimulationData['players'][number];

function SimulationResult({
  simulation,
  page,
  links,
  locale,
  dictionary,
}: {
  simulation: PoolSimulationData;
  page: number;
  links: ReturnType<typeof numberedPageLinks>;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const text = dictionary.staff.simulate;
  const { common } = dictionary;
  const summary: [keyof typeof text.summary, string][] = [
    ['periods', String(simulation.periods)],
    ['tournaments', String(simulation.tournaments)],
    ['games', String(simulation.games)],
    ['players', String(simulation.playerCount)],
    ['compared', String(simulation.compared)],
    [
      'meanAbsoluteDifference',
      simulation.meanAbsoluteDifference === null
        ? common.notAvailable
        : formatDecimal(simulation.meanAbsoluteDifference, locale, 1),
    ],
  ];
  const rating = (value: number | null) => (value === null ? common.notAvailable : String(value));
  const columns: Column<SimulatedRow>[] = [
    {
      header: text.columns.player,
      rowHeader: true,
      cell: (row) => <Link href={pageHrefs.staff(locale, 'players', row.player.id)}>{playerName(row.player)}</Link>,
    },
    { header: text.columns.simulated, numeric: true, cell: (row) => rating(row.simulated) },
    { header: text.columns.published, numeric: true, cell: (row) => rating(row.published) },
    {
      header: text.columns.difference,
      numeric: true,
      cell: (row) =>
        row.difference === null ? common.notAvailable : <SignedChange value={row.difference} locale={locale} />,
    },
    { header: text.columns.games, numeric: true, cell: (row) => String(row.games) },
  ];
  return (
    <section aria-labelledby="simulation-heading" data-simulation>
      <h2 id="simulation-heading">
        {fillTemplate(text.summaryHeading, {
          from: formatPeriod(simulation.from, locale),
          to: formatPeriod(simulation.to, locale),
        })}{' '}
        <span className="badge">{text.unofficial}</span>
      </h2>
      <dl className="facts" data-simulation-summary>
        {summary.map(([key, value]) => (
          <div key={key} data-summary={key}>
            <dt>{text.summary[key]}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{text.topMoversHeading}</h3>
      <StaffTable
        caption={text.topMoversHeading}
        dataName="top-movers"
        rows={simulation.topMovers}
        rowKey={(row) => row.player.id}
        empty={text.noPlayers}
        columns={columns}
      />
      <h3>{text.playersHeading}</h3>
      <StaffTable
        caption={fillTemplate(text.playersCaption, { page, pages: links.pageCount })}
        dataName="simulated-players"
        rows={simulation.players}
        rowKey={(row) => row.player.id}
        empty={text.noPlayers}
        columns={columns}
      />
      <PaginationNav links={links} text={common.pagination} />
    </section>
  );
}
