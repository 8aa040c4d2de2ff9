import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * The staff console: rendered per request for the signed-in member, never cached, never indexed, and linked
 * only from the footer (the site has no sitemap entry for it).
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function StaffLayout({ children }: { children: ReactNode }) {
  return <div className="staff">{children}</div>;
}
