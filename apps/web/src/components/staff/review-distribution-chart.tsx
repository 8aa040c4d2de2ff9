/** One band of the review's distribution: this list's listed players and the list in force's. */
export interface ReviewBand {
  from: number;
  count: number;
  previousCount: number;
}

const BAR_WIDTH = 10;
const GAP = 6;
const HEIGHT = 120;

/**
 * The review's distribution as a plain bar chart (server-rendered SVG, no script): per band, this list's bar beside
 * the list in force's. It is one image with a label saying what it shows; the table after it carries the numbers,
 * for screen readers and for anyone who needs them exactly.
 */
export function ReviewDistributionChart({
  bands,
  label,
  thisList,
  previousList,
}: {
  bands: readonly ReviewBand[];
  label: string;
  thisList: string;
  /** The list in force's legend, null when there is none to compare with. */
  previousList: string | null;
}) {
  if (bands.length === 0) return null;
  const highest = Math.max(1, ...bands.map((band) => Math.max(band.count, band.previousCount)));
  const bandWidth = 2 * BAR_WIDTH + GAP;
  const height = (count: number) => (count / highest) * HEIGHT;
  return (
    <figure className="chart-figure review-chart">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${bands.length * bandWidth} ${HEIGHT + 14}`}
        className="review-chart__svg"
      >
        {bands.map((band, index) => {
          const x = index * bandWidth;
          return (
            <g key={band.from}>
              <rect
                className="review-chart__bar"
                x={x}
                y={HEIGHT - height(band.count)}
                width={BAR_WIDTH}
                height={height(band.count)}
              />
              {previousList !== null && (
                <rect
                  className="review-chart__bar review-chart__bar--previous"
                  x={x + BAR_WIDTH}
                  y={HEIGHT - height(band.previousCount)}
                  width={BAR_WIDTH}
                  height={height(band.previousCount)}
                />
              )}
              {index % 2 === 0 && (
                <text className="review-chart__tick" x={x} y={HEIGHT + 12}>
                  {band.from}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="review-chart__legend" aria-hidden="true">
        <span className="review-chart__key">{thisList}</span>
        {previousList !== null && <span className="review-chart__key review-chart__key--previous">{previousList}</span>}
      </figcaption>
    </figure>
  );
}
