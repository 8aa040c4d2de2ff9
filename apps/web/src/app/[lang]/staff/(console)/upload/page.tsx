import type { Metadata } from 'next';
import { MAX_TRF_CHARACTERS, MAX_TRF_FILE_BYTES } from '@ratings/contract';
import { TrfUploadForm } from '@/components/staff/trf-upload-form';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, formatCount } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { fetchPools, poolName } from '@/lib/pools.queries';
import { importTrf, signIn } from '@/lib/staff/actions';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.upload.title };
}

export default async function UploadPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'upload')) return <NotAllowed locale={locale} role={viewer.role} />;
  const { staff } = getDictionary(locale);
  const pools = await fetchPools();
  return (
    <>
      <h1>{staff.upload.title}</h1>
      <p className="lead">{staff.upload.intro}</p>
      <TrfUploadForm
        action={importTrf.bind(null, locale)}
        reauthAction={signIn}
        pools={pools.map((pool) => ({ code: pool.code, label: capitalize(poolName(pool, locale), locale) }))}
        locale={locale}
        maxBytes={MAX_TRF_FILE_BYTES}
        maxText={formatCount(MAX_TRF_CHARACTERS, locale)}
        text={staff.upload}
        messages={staff.form}
      />
    </>
  );
}
