import type { Metadata } from 'next';
import Link from 'next/link';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatPeriod } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { poolName } from '@/lib/pools.queries';
import { runRatingPeriod, signIn } from '@/lib/staff/actions';
import { fetchRunPools } from '@/lib/staff/lists.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.runs.title };
}

/**
 * Choosing a pool and a period, and running it into a draft list (re-running replaces the period's draft). The
 * period starts at the first pool's next one (`Pool.nextPeriod`); each pool's is listed.
 */
export default async function RunsPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'runs')) return <NotAllowed locale={locale} role={viewer.role} />;
  const { staff, common } = getDictionary(locale);
  const text = staff.runs;
  const pools = await fetchRunPools(locale);
  return (
    <>
      <h1>{text.title}</h1>
      <p className="lead">{text.intro}</p>
      <ul className="pool-lists">
        {pools.map((pool) => (
          <li key={pool.code}>
            {capitalize(poolName(pool, locale), locale)}:{' '}
            {pool.currentList ? (
              <Link href={pageHrefs.staff(locale, 'lists', pool.currentList.id)}>
                {fillTemplate(common.listOf, { month: formatPeriod(pool.currentList.period, locale) })}
              </Link>
            ) : (
              staff.dashboard.noList
            )}
            {pool.nextPeriod && ` · ${fillTemplate(text.nextPeriod, { month: formatPeriod(pool.nextPeriod, locale) })}`}
          </li>
        ))}
      </ul>
      <StaffActionForm
        action={runRatingPeriod.bind(null, locale)}
        reauthAction={signIn}
        messages={staff.form}
        submitLabel={text.submit}
      >
        <div className="field">
          <label htmlFor="run-pool" className="field-label">
            {common.poolLabel}
          </label>
          <select id="run-pool" name="pool" className="field-input" required>
            {pools.map((pool) => (
              <option key={pool.code} value={pool.code}>
                {capitalize(poolName(pool, locale), locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="run-period" className="field-label">
            {text.period}
          </label>
          <span id="run-period-hint" className="field-hint">
            {text.periodHint}
          </span>
          <input
            id="run-period"
            name="period"
            type="text"
            inputMode="numeric"
            pattern="\d{4}-\d{2}"
            placeholder="2026-12"
            defaultValue={pools[0]?.nextPeriod ?? undefined}
            className="field-input"
            aria-describedby="run-period-hint"
            required
          />
        </div>
      </StaffActionForm>
    </>
  );
}
