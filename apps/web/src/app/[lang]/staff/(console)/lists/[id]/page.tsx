import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SignedChange } from '@/components/signed-change';
import { ListCorrections } from '@/components/staff/list-corrections';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatCount, formatDate, formatPeriod } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { playerName } from '@/lib/player-name';
import { poolName } from '@/lib/pools.queries';
import { publishRatingList, signIn } from '@/lib/staff/actions';
import { compareDistributions, fetchListReview, type ListReview } from '@/lib/staff/lists.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

interface Props {
  params: Promise<{ lang: string; id: string }>;
}

const loadList = cache(async (id: string, locale: Locale) => {
  if (!isApiId(id)) notFound();
  const list = await fetchListReview(id, locale);
  if (!list) notFound();
  return list;
});

type Entry = ListReview['biggestGains'][number];
type Stats = ListReview['stats'];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { role } = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(role, 'runs')) return { title: getDictionary(locale).staff.notAllowed.heading };
  const list = await loadList((await params).id, locale);
  return {
    title: fillTemplate(getDictionary(locale).common.listOf, { month: formatPeriod(list.period, locale) }),
  };
}

/**
 * A list under review (or already published): its counts beside the list in force, the distribution of both,
 * the biggest gains and the top of the ranking; a draft can be published from here, after a confirmation.
 */
export default async function ListReviewPage({ params }: Props) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'runs')) return <NotAllowed locale={locale} role={viewer.role} />;
  const list = await loadList((await params).id, locale);
  const dictionary = getDictionary(locale);
  const { staff, common } = dictionary;
  const text = staff.review;
  // A draft is compared with the list in force; the list in force (or an older one) with nothing.
  const previous = list.status === 'DRAFT' ? list.pool.currentList : null;
  const title = fillTemplate(common.listOf, { month: formatPeriod(list.period, locale) });
  const statRows: { key: keyof Stats & keyof typeof text.stats }[] = [
    { key: 'players' },
    { key: 'listed' },
    { key: 'provisional' },
    { key: 'newPlayers' },
    { key: 'averageRating' },
    { key: 'medianRating' },
    { key: 'tournaments' },
    { key: 'games' },
  ];
  const value = (stats: Stats | undefined, key: keyof Stats) => {
    const number = stats?.[key];
    return typeof number === 'number' ? formatCount(number, locale) : common.notAvailable;
  };
  const entryColumns = [
    { header: text.columns.rank, numeric: true, cell: (entry: Entry) => entry.rank },
    {
      header: text.columns.player,
      rowHeader: true,
      cell: (entry: Entry) => (
        <Link href={pageHrefs.staff(locale, 'players', entry.player.id)}>{playerName(entry.player)}</Link>
      ),
    },
    { header: text.columns.rating, numeric: true, cell: (entry: Entry) => entry.display },
    {
      header: text.columns.change,
      numeric: true,
      cell: (entry: Entry) =>
        entry.change === null ? text.newPlayer : <SignedChange value={entry.change} locale={locale} />,
    },
    { header: text.columns.games, numeric: true, cell: (entry: Entry) => entry.games },
  ];
  return (
    <>
      <h1>
        {capitalize(poolName(list.pool, locale), locale)} · {title}
      </h1>
      <dl className="facts" data-list-status={list.status}>
        <div>
          <dt>{text.status}</dt>
          <dd>{text.statuses[list.status]}</dd>
        </div>
        <div>
          <dt>{text.effectiveDate}</dt>
          <dd>{formatDate(list.effectiveDate, locale)}</dd>
        </div>
        <div>
          <dt>{text.cutOffDate}</dt>
          <dd>{formatDate(list.cutOffDate, locale)}</dd>
        </div>
        <div>
          <dt>{text.revision}</dt>
          <dd>{list.revision}</dd>
        </div>
      </dl>

      {list.status === 'DRAFT' ? (
        <section aria-labelledby="publish-heading" className="staff-action">
          <h2 id="publish-heading">{text.publishHeading}</h2>
          <StaffActionForm
            action={publishRatingList.bind(null, list.id)}
            reauthAction={signIn}
            messages={staff.form}
            submitLabel={text.publish}
            successMessage={text.published}
            confirm={{
              title: text.confirmTitle,
              body: fillTemplate(text.confirmBody, { list: title }),
              confirmLabel: text.confirmPublish,
            }}
          />
        </section>
      ) : (
        <p className="notice">
          {text.alreadyPublished} <Link href={pageHrefs.list(locale, list.pool.code, list.id)}>{text.publicPage}</Link>
        </p>
      )}

      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">{text.countsHeading}</h2>
        <StaffTable
          caption={text.countsHeading}
          dataName="counts"
          rows={statRows}
          rowKey={(row) => row.key}
          empty=""
          columns={[
            { header: text.columns.measure, rowHeader: true, cell: (row) => text.stats[row.key] },
            { header: text.columns.thisList, numeric: true, cell: (row) => value(list.stats, row.key) },
            ...(previous
              ? [
                  {
                    header: fillTemplate(common.listOf, { month: formatPeriod(previous.period, locale) }),
                    numeric: true,
                    cell: (row: (typeof statRows)[number]) => value(previous.stats, row.key),
                  },
                ]
              : []),
          ]}
        />
      </section>

      <section aria-labelledby="distribution-heading">
        <h2 id="distribution-heading">{text.distributionHeading}</h2>
        <StaffTable
          caption={text.distributionHeading}
          dataName="distribution"
          rows={compareDistributions(list.distribution, previous?.distribution ?? [])}
          rowKey={(band) => String(band.from)}
          empty={text.noEntries}
          columns={[
            { header: text.columns.band, rowHeader: true, cell: (band) => band.from },
            { header: text.columns.thisList, numeric: true, cell: (band) => band.draft },
            ...(previous
              ? [{ header: text.columns.previous, numeric: true, cell: (band: { previous: number }) => band.previous }]
              : []),
          ]}
        />
      </section>

      <section aria-labelledby="gains-heading">
        <h2 id="gains-heading">{text.gainsHeading}</h2>
        <StaffTable
          caption={text.gainsHeading}
          dataName="gains"
          rows={list.biggestGains}
          rowKey={(entry) => entry.player.id}
          empty={text.noEntries}
          columns={entryColumns}
        />
        <p className="muted">{text.notYet}</p>
      </section>

      <section aria-labelledby="top-heading">
        <h2 id="top-heading">{text.topHeading}</h2>
        <StaffTable
          caption={text.topHeading}
          dataName="top"
          rows={list.entries.edges.map((edge) => edge.node)}
          rowKey={(entry) => entry.player.id}
          empty={text.noEntries}
          columns={entryColumns}
        />
      </section>
      <ListCorrections listId={list.id} locale={locale} />
    </>
  );
}
