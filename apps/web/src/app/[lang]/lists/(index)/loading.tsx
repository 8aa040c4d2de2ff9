import { PageSkeleton } from '@/components/page-skeleton';
import { getDictionary } from '@/i18n/dictionary';
import { rootLocale } from '@/i18n/root-locale';

export default async function Loading() {
  return <PageSkeleton label={getDictionary(await rootLocale()).loading.label} layout="chart-and-table" />;
}
