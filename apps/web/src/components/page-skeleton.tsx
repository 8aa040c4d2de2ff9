/** Rows a skeleton table shows: about one screen of a rankings page. */
const SKELETON_ROWS = 10;

export type SkeletonLayout = 'table' | 'cards' | 'chart-and-table';

/**
 * The placeholder a data page shows while its data loads (`loading.tsx`): the page's shape in grey,
 * announced to screen readers as loading.
 */
export function PageSkeleton({ label, layout }: { label: string; layout: SkeletonLayout }) {
  const rows = Array.from({ length: SKELETON_ROWS }, (_, index) => index);
  return (
    <div className="skeleton-page" role="status" data-skeleton={layout}>
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">
        <div className="skeleton skeleton--heading" />
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text skeleton--short" />
        {layout === 'chart-and-table' && <div className="skeleton skeleton--chart" />}
        {layout === 'cards' ? (
          <div className="card-list">
            {rows.slice(0, 4).map((row) => (
              <div key={row} className="skeleton skeleton--card" />
            ))}
          </div>
        ) : (
          <div className="skeleton-table">
            {rows.map((row) => (
              <div key={row} className="skeleton skeleton--row" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
