import type { ReactNode } from 'react';
import { StaffNav } from '@/components/staff/staff-nav';
import { getDictionary } from '@/i18n/dictionary';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { signOut } from '@/lib/staff/actions';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { consolePagesFor } from '@/lib/staff/console-pages';

/** Every console page but the sign-in: who is signed in, the menu his role is offered, and signing out. */
export default async function ConsoleLayout({ children, params }: LangParams & { children: ReactNode }) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  const { staff } = getDictionary(locale);
  const roleName = viewer.role in staff.roles ? staff.roles[viewer.role as keyof typeof staff.roles] : viewer.role;
  return (
    <>
      <div className="staff-bar">
        <p className="staff-bar__who">
          <span className="staff-bar__title">{staff.title}</span>
          <span>
            {viewer.displayName} · {roleName}
          </span>
        </p>
        <form action={signOut.bind(null, locale)}>
          <button type="submit" className="button button--secondary">
            {staff.signOut}
          </button>
        </form>
      </div>
      <StaffNav
        label={staff.navLabel}
        items={consolePagesFor(viewer.role).map(({ page, key }) => ({
          page,
          href: page === null ? pageHrefs.staff(locale) : pageHrefs.staff(locale, page),
          label: staff.nav[key],
        }))}
      />
      <div className="staff-page">{children}</div>
    </>
  );
}
