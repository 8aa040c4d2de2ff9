import Link from 'next/link';
import { getDictionary } from '@/i18n/dictionary';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { consolePagesFor } from '@/lib/staff/console-pages';

/** What a console page shows a role that may not use it (the API would refuse its data and its actions anyway). */
export function NotAllowed({ locale, role }: { locale: Locale; role: string }) {
  const { staff } = getDictionary(locale);
  const [home] = consolePagesFor(role);
  return (
    <section className="status-page" aria-labelledby="not-allowed-heading" data-page="not-allowed">
      <h1 id="not-allowed-heading">{staff.notAllowed.heading}</h1>
      <p>{staff.notAllowed.message}</p>
      {home && (
        <p>
          <Link href={home.page === null ? pageHrefs.staff(locale) : pageHrefs.staff(locale, home.page)}>
            {staff.nav[home.key]}
          </Link>
        </p>
      )}
    </section>
  );
}
