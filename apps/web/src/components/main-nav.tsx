'use client';

import Link from 'next/link';
import { useSelectedLayoutSegments } from 'next/navigation';
import { routeFromSegments, type Section } from '@/i18n/routes';

export interface NavItem {
  section: Section | null;
  href: string;
  label: string;
}

/**
 * The header's section links. A client leaf only to mark the current section (`aria-current`), read
 * from the route's segments rather than the URL, so the server and the browser agree under rewrites.
 */
export function MainNav({ label, items }: { label: string; items: readonly NavItem[] }) {
  const route = routeFromSegments(useSelectedLayoutSegments());
  return (
    <nav aria-label={label} className="main-nav">
      <div className="container">
        <ul className="main-nav__list">
          {items.map((item) => {
            const current = route !== null && route.section === item.section;
            return (
              <li key={item.href}>
                <Link href={item.href} className="main-nav__link" aria-current={current ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
