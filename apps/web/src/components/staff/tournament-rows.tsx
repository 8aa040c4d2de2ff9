import Link from 'next/link';
import type { Dictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { poolName } from '@/lib/pools.queries';
import type { StaffTournamentRow } from '@/lib/staff/tournaments.queries';
import { StaffTable } from './staff-table';

/** A table of tournaments (dashboard, tournaments page): name (to its console page), pool, dates, status. */
export function TournamentRows({
  rows,
  locale,
  dictionary,
  caption,
}: {
  rows: readonly StaffTournamentRow[];
  locale: Locale;
  dictionary: Dictionary;
  caption: string;
}) {
  const { staff, common } = dictionary;
  return (
    <StaffTable
      caption={caption}
      dataName="tournaments"
      rows={rows}
      rowKey={(row) => row.id}
      empty={staff.tournaments.empty}
      columns={[
        {
          header: staff.tournaments.columns.name,
          rowHeader: true,
          cell: (row) => <Link href={pageHrefs.staff(locale, 'tournaments', row.id)}>{row.name}</Link>,
        },
        { header: staff.tournaments.columns.pool, cell: (row) => capitalize(poolName(row.pool, locale), locale) },
        {
          header: staff.tournaments.columns.dates,
          cell: (row) =>
            fillTemplate(common.dateRange, {
              start: formatDate(row.startDate, locale),
              end: formatDate(row.endDate, locale),
            }),
        },
        { header: staff.tournaments.columns.status, cell: (row) => common.tournamentStatus[row.status] },
      ]}
    />
  );
}
