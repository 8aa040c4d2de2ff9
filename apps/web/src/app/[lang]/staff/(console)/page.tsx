import type { Metadata } from 'next';
import Link from 'next/link';
import { StaffTable } from '@/components/staff/staff-table';
import { TournamentRows } from '@/components/staff/tournament-rows';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatCount, formatDateTime, formatPeriod } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { poolName } from '@/lib/pools.queries';
import { fetchDashboard } from '@/lib/staff/dashboard.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { consolePagesFor, mayOpenConsolePage } from '@/lib/staff/console-pages';
import { redirect } from 'next/navigation';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.dashboard.title };
}

export default async function DashboardPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  // The sign-in leads here: a role without a dashboard goes on to the first page of its menu.
  const { role } = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(role, 'dashboard')) {
    const [home] = consolePagesFor(role);
    if (home?.page) redirect(pageHrefs.staff(locale, home.page));
  }
  const dictionary = getDictionary(locale);
  const text = dictionary.staff.dashboard;
  const data = await fetchDashboard(locale);
  const counted = (template: string, count: number) => fillTemplate(template, { count: formatCount(count, locale) });
  return (
    <>
      <h1>{text.title}</h1>
      <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">{counted(text.waiting, data.submitted.totalCount)}</h2>
        <TournamentRows
          rows={data.submitted.edges.map((edge) => edge.node)}
          locale={locale}
          dictionary={dictionary}
          caption={text.waitingCaption}
        />
      </section>
      <section aria-labelledby="drafts-heading">
        <h2 id="drafts-heading">{counted(text.drafts, data.drafts.totalCount)}</h2>
        <TournamentRows
          rows={data.drafts.edges.map((edge) => edge.node)}
          locale={locale}
          dictionary={dictionary}
          caption={text.draftsCaption}
        />
      </section>
      <section aria-labelledby="publications-heading">
        <h2 id="publications-heading">{text.publications}</h2>
        <StaffTable
          caption={text.publications}
          dataName="publications"
          rows={data.pools}
          rowKey={(pool) => pool.code}
          empty={text.noPools}
          columns={[
            { header: text.columns.pool, rowHeader: true, cell: (pool) => capitalize(poolName(pool, locale), locale) },
            {
              header: text.columns.list,
              cell: (pool) =>
                pool.currentList ? (
                  <Link href={pageHrefs.staff(locale, 'lists', pool.currentList.id)}>
                    {fillTemplate(dictionary.common.listOf, { month: formatPeriod(pool.currentList.period, locale) })}
                  </Link>
                ) : (
                  text.noList
                ),
            },
            { header: text.columns.revision, numeric: true, cell: (pool) => pool.currentList?.revision ?? '' },
            {
              header: text.columns.publishedAt,
              cell: (pool) =>
                pool.currentList?.publishedAt ? formatDateTime(pool.currentList.publishedAt, locale) : '',
            },
            {
              header: text.columns.nextPeriod,
              cell: (pool) => (pool.nextPeriod ? formatPeriod(pool.nextPeriod, locale) : ''),
            },
          ]}
        />
      </section>
      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading">{text.audit}</h2>
        <StaffTable
          caption={text.audit}
          dataName="audit"
          rows={data.auditEvents}
          rowKey={(event) => event.id}
          empty={text.noAudit}
          columns={[
            { header: text.columns.at, cell: (event) => formatDateTime(event.at, locale) },
            { header: text.columns.actor, cell: (event) => event.actorLabel ?? '' },
            { header: text.columns.action, rowHeader: true, cell: (event) => <code>{event.action}</code> },
            {
              header: text.columns.entity,
              cell: (event) => `${event.entityType}${event.entityId === null ? '' : ` ${event.entityId}`}`,
            },
          ]}
        />
      </section>
    </>
  );
}
