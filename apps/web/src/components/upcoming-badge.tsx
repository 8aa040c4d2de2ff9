/** "à venir" beside a list published before its effective date (the API's `upcoming`); nothing once it is in force. */
export function UpcomingBadge({ upcoming, label }: { upcoming: boolean; label: string }) {
  if (!upcoming) return null;
  return (
    <span className="badge" data-upcoming>
      {label}
    </span>
  );
}
