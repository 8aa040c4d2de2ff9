import { isUpcoming } from '@/lib/list-timing';
import { siteToday } from '@/lib/site-config';

/** "à venir" beside a list published before its effective date; nothing once it is in force. */
export function UpcomingBadge({ effectiveDate, label }: { effectiveDate: string; label: string }) {
  if (!isUpcoming(effectiveDate, siteToday())) return null;
  return (
    <span className="badge" data-upcoming>
      {label}
    </span>
  );
}
