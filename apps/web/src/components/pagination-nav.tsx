import Link from 'next/link';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate } from '@/i18n/format';
import type { PageLinks } from '@/lib/pagination';

/**
 * First / previous / next links of a paginated table, and where the reader stands ("page 2 of 7", or
 * the caller's `status` where a page number means nothing). Plain links: no JavaScript needed.
 */
export function PaginationNav({
  links,
  text,
  label,
  status,
}: {
  links: PageLinks;
  text: Dictionary['common']['pagination'];
  label?: string;
  status?: string;
}) {
  if (links.pageCount <= 1 && links.next === null && links.previous === null) return null;
  return (
    <nav className="pagination" aria-label={label ?? text.label}>
      <p className="pagination__status">
        {status ??
          fillTemplate(text.status, { page: links.pageNumber, pages: Math.max(links.pageCount, links.pageNumber) })}
      </p>
      <ul className="pagination__links">
        {links.first && (
          <li>
            <Link href={links.first} rel="first">
              {text.first}
            </Link>
          </li>
        )}
        {links.previous && (
          <li>
            <Link href={links.previous} rel="prev">
              ← {text.previous}
            </Link>
          </li>
        )}
        {links.next && (
          <li>
            <Link href={links.next} rel="next">
              {text.next} →
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
