'use client';

import Link from 'next/link';
import { useSelectedLayoutSegments } from 'next/navigation';
import { routeFromSegments } from '@/i18n/routes';

export interface StaffNavItem {
  /** The console page's folder (`tournaments`), `null` for the dashboard. */
  page: string | null;
  href: string;
  label: string;
}

/** The console's menu; a client leaf only to mark the current page, read from the route's segments. */
export function StaffNav({ label, items }: { label: string; items: readonly StaffNavItem[] }) {
  const route = routeFromSegments(useSelectedLayoutSegments());
  const current = route?.section === 'staff' ? (route.params[0] ?? null) : undefined;
  return (
    <nav aria-label={label} className="staff-nav">
      <ul className="staff-nav__list">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="staff-nav__link"
              aria-current={item.page === current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
