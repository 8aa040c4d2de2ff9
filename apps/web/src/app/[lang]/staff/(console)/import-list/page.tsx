import type { Metadata } from 'next';
import { MAX_TRF_CHARACTERS, MAX_TRF_FILE_BYTES } from '@ratings/contract';
import { ListImportForm } from '@/components/staff/list-import-form';
import { NotAllowed } from '@/components/staff/not-allowed';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, formatCount } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { poolName } from '@/lib/pools.queries';
import { fetchPoolsWithoutList } from '@/lib/staff/list-import.queries';
import { importRatingList, signIn } from '@/lib/staff/actions';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.listImport.title };
}

/** A federation's existing rating list (FIDE TXT or XML, the platform's CSV) as a new pool's starting list. */
export default async function ListImportPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'importList')) return <NotAllowed locale={locale} role={viewer.role} />;
  const { staff } = getDictionary(locale);
  const pools = await fetchPoolsWithoutList(locale);
  return (
    <>
      <h1>{staff.listImport.title}</h1>
      <p className="lead">{staff.listImport.intro}</p>
      {pools.length === 0 && <p className="notice">{staff.listImport.noPool}</p>}
      <ListImportForm
        action={importRatingList.bind(null, locale)}
        reauthAction={signIn}
        pools={pools.map((pool) => ({ code: pool.code, label: capitalize(poolName(pool, locale), locale) }))}
        locale={locale}
        maxBytes={MAX_TRF_FILE_BYTES}
        maxText={formatCount(MAX_TRF_CHARACTERS, locale)}
        text={staff.listImport}
        messages={staff.form}
      />
    </>
  );
}
