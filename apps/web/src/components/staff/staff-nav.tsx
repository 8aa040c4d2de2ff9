'use client';

import Link from 'next/link';
import { useSelectedLayoutSegments } from 'next/navigation';

export interface StaffNavItem {
  /** The console page's folder (`tournaments`), `null` for the dashboard. */
  page: string | null;
  href: string;
  label: string;
}

/**
 * The console's menu; a client leaf only to mark the current page, read from the segments below the console's
 * layout (where it is rendered): none on the dashboard, `tournaments` on a tournament.
 */
export function StaffNav({ label, items }: { label: string; items: readonly StaffNavItem[] }) {
  const [current = null] = useSelectedLayoutSegments().filter((segment) => !segment.startsWith('('));
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
