import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import { MAX_SEARCH_LENGTH } from '@ratings/contract';
import { formatRating } from '@ratings/rating-rules';
import { SignedChange } from '@/components/signed-change';
import { ListCorrections } from '@/components/staff/list-corrections';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { ReviewDistributionChart } from '@/components/staff/review-distribution-chart';
import { getDictionary } from '@/i18n/dictionary';
import {
  capitalize,
  fillTemplate,
  formatCount,
  formatDate,
  formatDecimal,
  formatExpectedScore,
  formatPeriod,
  formatScore,
  formatSigned,
} from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { playerName } from '@/lib/player-name';
import { poolName } from '@/lib/pools.queries';
import { firstParam, hrefWithQuery, type SearchParams } from '@/lib/search-params';
import { publishRatingList, signIn } from '@/lib/staff/actions';
import { fetchListReview, type ListReview, type ReviewRequest } from '@/lib/staff/lists.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

/** The review's address parameters: a name to search for among both lists' players, a player to explain. */
const SEARCH_PARAM = 'q';
const PLAYER_PARAM = 'player';

interface Props {
  params: Promise<{ lang: string; id: string }>;
  searchParams: Promise<SearchParams>;
}

const loadReview = cache(async (id: string, search: string | null, player: string | null, locale: Locale) => {
  if (!isApiId(id)) notFound();
  const review = await fetchListReview(id, { search, player }, locale);
  if (!review) notFound();
  return review;
});

async function reviewRequest(searchParams: Promise<SearchParams>): Promise<ReviewRequest> {
  const query = await searchParams;
  const search = firstParam(query, SEARCH_PARAM)?.trim().slice(0, MAX_SEARCH_LENGTH) || null;
  const player = firstParam(query, PLAYER_PARAM) ?? null;
  return { search, player: player !== null && isApiId(player) ? player : null };
}

type Entry = ListReview['list']['entries']['edges'][number]['node'];
type Line = ListReview['biggestGains'][number];
type Stats = ListReview['list']['stats'];
type Explanation = NonNullable<ListReview['explanation']>;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { role } = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(role, 'runs')) return { title: getDictionary(locale).staff.notAllowed.heading };
  const { search, player } = await reviewRequest(searchParams);
  const { list } = await loadReview((await params).id, search, player, locale);
  return {
    title: fillTemplate(getDictionary(locale).common.listOf, { month: formatPeriod(list.period, locale) }),
  };
}

/** A rating, '~1543' while provisional; a dash-free "not rated" when there is none. */
const ratingText = (rating: number | null, provisional: boolean | null, unrated: string) =>
  rating === null ? unrated : formatRating(rating, provisional ?? false);

/**
 * A list under review (or already published) against the list in force before it: counts, the distribution of
 * both (chart and table), the biggest gains and losses, new and dropped players, the top of the list, a player
 * search that opens one player's explanation (each tournament rated, each game); a draft is published from here,
 * after a confirmation saying what becomes final.
 */
export default async function ListReviewPage({ params, searchParams }: Props) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'runs')) return <NotAllowed locale={locale} role={viewer.role} />;
  const { id } = await params;
  const request = await reviewRequest(searchParams);
  const review = await loadReview(id, request.search, request.player, locale);
  const { list, previousList: previous, counts } = review;
  const dictionary = getDictionary(locale);
  const { staff, common } = dictionary;
  const text = staff.review;
  const title = fillTemplate(common.listOf, { month: formatPeriod(list.period, locale) });
  const previousTitle = previous ? fillTemplate(common.listOf, { month: formatPeriod(previous.period, locale) }) : null;
  const pageHref = pageHrefs.staff(locale, 'lists', list.id);
  const explainHref = (playerId: string) =>
    `${hrefWithQuery(pageHref, { [SEARCH_PARAM]: request.search, [PLAYER_PARAM]: playerId })}#explanation-heading`;
  const statRows: { key: keyof Stats & keyof typeof text.stats }[] = [
    { key: 'players' },
    { key: 'listed' },
    { key: 'provisional' },
    { key: 'newPlayers' },
    { key: 'averageRating' },
    { key: 'medianRating' },
    { key: 'tournaments' },
    { key: 'games' },
  ];
  const value = (stats: Stats | undefined, key: keyof Stats) => {
    const number = stats?.[key];
    return typeof number === 'number' ? formatCount(number, locale) : common.notAvailable;
  };
  const moveRows: { key: keyof typeof text.moves & keyof typeof counts }[] = [
    { key: 'rated' },
    { key: 'gained' },
    { key: 'lost' },
    { key: 'unchanged' },
    { key: 'newPlayers' },
    { key: 'droppedPlayers' },
  ];
  const playerCell = (player: Line['player']) => (
    <Link href={explainHref(player.id)} data-explain-player={player.id}>
      {playerName(player)}
    </Link>
  );
  const change = (value: number | null): ReactNode =>
    value === null ? text.newPlayer : <SignedChange value={value} locale={locale} />;
  const entryColumns = [
    { header: text.columns.rank, numeric: true, cell: (entry: Entry) => entry.rank },
    { header: text.columns.player, rowHeader: true, cell: (entry: Entry) => playerCell(entry.player) },
    { header: text.columns.rating, numeric: true, cell: (entry: Entry) => entry.display },
    { header: text.columns.change, numeric: true, cell: (entry: Entry) => change(entry.change) },
    { header: text.columns.games, numeric: true, cell: (entry: Entry) => entry.games },
  ];
  const lineColumns = [
    { header: text.columns.player, rowHeader: true, cell: (line: Line) => playerCell(line.player) },
    {
      header: text.columns.previous,
      numeric: true,
      cell: (line: Line) => ratingText(line.ratingBefore, line.provisionalBefore, text.unrated),
    },
    {
      header: text.columns.thisList,
      numeric: true,
      cell: (line: Line) => ratingText(line.ratingAfter, line.provisionalAfter, text.unrated),
    },
    { header: text.columns.change, numeric: true, cell: (line: Line) => change(line.change) },
    { header: text.columns.rank, numeric: true, cell: (line: Line) => line.rankAfter ?? line.rankBefore },
  ];
  const lineTable = (name: string, heading: string, rows: readonly Line[], total: number | null) => (
    <section aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>{heading}</h2>
      <StaffTable
        caption={heading}
        dataName={name}
        rows={rows}
        rowKey={(line) => line.player.id}
        empty={text.noEntries}
        columns={lineColumns}
      />
      {total !== null && total > rows.length && (
        <p className="muted">{fillTemplate(text.shownOf, { shown: rows.length, total: formatCount(total, locale) })}</p>
      )}
    </section>
  );
  return (
    <>
      <h1>
        {capitalize(poolName(list.pool, locale), locale)} · {title}
      </h1>
      <dl className="facts" data-list-status={list.status}>
        <div>
          <dt>{text.status}</dt>
          <dd>{text.statuses[list.status]}</dd>
        </div>
        <div>
          <dt>{text.effectiveDate}</dt>
          <dd>{formatDate(list.effectiveDate, locale)}</dd>
        </div>
        <div>
          <dt>{text.cutOffDate}</dt>
          <dd>{formatDate(list.cutOffDate, locale)}</dd>
        </div>
        <div>
          <dt>{text.revision}</dt>
          <dd>{list.revision}</dd>
        </div>
      </dl>

      {list.status === 'DRAFT' ? (
        <section aria-labelledby="publish-heading" className="staff-action">
          <h2 id="publish-heading">{text.publishHeading}</h2>
          <StaffActionForm
            action={publishRatingList.bind(null, list.id)}
            reauthAction={signIn}
            messages={staff.form}
            submitLabel={text.publish}
            successMessage={text.published}
            confirm={{
              title: text.confirmTitle,
              body: fillTemplate(text.confirmBody, { list: title }),
              confirmLabel: text.confirmPublish,
            }}
          />
        </section>
      ) : (
        <p className="notice">
          {text.alreadyPublished} <Link href={pageHrefs.list(locale, list.pool.code, list.id)}>{text.publicPage}</Link>
        </p>
      )}

      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">{text.countsHeading}</h2>
        <StaffTable
          caption={text.countsHeading}
          dataName="counts"
          rows={statRows}
          rowKey={(row) => row.key}
          empty=""
          columns={[
            { header: text.columns.measure, rowHeader: true, cell: (row) => text.stats[row.key] },
            { header: text.columns.thisList, numeric: true, cell: (row) => value(list.stats, row.key) },
            ...(previous && previousTitle
              ? [
                  {
                    header: previousTitle,
                    numeric: true,
                    cell: (row: (typeof statRows)[number]) => value(previous.stats, row.key),
                  },
                ]
              : []),
          ]}
        />
      </section>

      <section aria-labelledby="moves-heading">
        <h2 id="moves-heading">{text.movesHeading}</h2>
        <StaffTable
          caption={text.movesHeading}
          dataName="moves"
          rows={moveRows}
          rowKey={(row) => row.key}
          empty=""
          columns={[
            { header: text.columns.measure, rowHeader: true, cell: (row) => text.moves[row.key] },
            { header: text.columns.thisList, numeric: true, cell: (row) => formatCount(counts[row.key], locale) },
          ]}
        />
      </section>

      <section aria-labelledby="distribution-heading">
        <h2 id="distribution-heading">{text.distributionHeading}</h2>
        <ReviewDistributionChart
          bands={review.distribution}
          label={text.chartLabel}
          thisList={text.columns.thisList}
          previousList={previousTitle}
        />
        <StaffTable
          caption={text.distributionHeading}
          dataName="distribution"
          rows={review.distribution}
          rowKey={(band) => String(band.from)}
          empty={text.noEntries}
          columns={[
            { header: text.columns.band, rowHeader: true, cell: (band) => `${band.from}–${band.to}` },
            { header: text.columns.thisList, numeric: true, cell: (band) => band.count },
            ...(previousTitle
              ? [
                  {
                    header: previousTitle,
                    numeric: true,
                    cell: (band: { previousCount: number }) => band.previousCount,
                  },
                ]
              : []),
          ]}
        />
      </section>

      {lineTable('gains', text.gainsHeading, review.biggestGains, counts.gained)}
      {lineTable('losses', text.lossesHeading, review.biggestLosses, counts.lost)}
      {lineTable('new', text.newHeading, review.newPlayers, counts.newPlayers)}
      {lineTable('dropped', text.droppedHeading, review.droppedPlayers, counts.droppedPlayers)}

      <section aria-labelledby="search-heading">
        <h2 id="search-heading">{text.searchHeading}</h2>
        <form role="search" action={pageHref} method="get" className="search-box" aria-labelledby="search-heading">
          <label htmlFor="review-search" className="field-label">
            {text.searchLabel}
          </label>
          <span id="review-search-hint" className="field-hint">
            {text.searchHint}
          </span>
          <div className="search-box__row">
            <input
              id="review-search"
              name={SEARCH_PARAM}
              type="search"
              className="field-input search-box__input"
              defaultValue={request.search ?? ''}
              aria-describedby="review-search-hint"
              autoComplete="off"
              maxLength={MAX_SEARCH_LENGTH}
            />
            <button type="submit" className="button">
              {text.searchSubmit}
            </button>
          </div>
        </form>
        {review.players && (
          <StaffTable
            caption={text.searchHeading}
            dataName="search"
            rows={review.players}
            rowKey={(line) => line.player.id}
            empty={text.searchEmpty}
            columns={lineColumns}
          />
        )}
      </section>

      {request.player !== null && (
        <PlayerExplanationSection explanation={review.explanation ?? null} locale={locale} text={text} />
      )}

      <section aria-labelledby="top-heading">
        <h2 id="top-heading">{text.topHeading}</h2>
        <StaffTable
          caption={text.topHeading}
          dataName="top"
          rows={list.entries.edges.map((edge) => edge.node)}
          rowKey={(entry) => entry.player.id}
          empty={text.noEntries}
          columns={entryColumns}
        />
      </section>
      {viewer.role === 'RATING_OFFICER' && <ListCorrections listId={list.id} locale={locale} />}
    </>
  );
}

type ReviewText = ReturnType<typeof getDictionary>['staff']['review'];

/** One player's explanation: his lines on both lists, then each tournament rated for him with its games. */
function PlayerExplanationSection({
  explanation,
  locale,
  text,
}: {
  explanation: Explanation | null;
  locale: Locale;
  text: ReviewText;
}) {
  if (explanation === null)
    return (
      <section aria-labelledby="explanation-heading">
        <h2 id="explanation-heading">{fillTemplate(text.explanationHeading, { player: '—' })}</h2>
        <p className="notice">{text.notOnList}</p>
      </section>
    );
  const { line } = explanation;
  const optional = (value: number | null, format: (value: number) => string) =>
    value === null ? text.unrated : format(value);
  // Each fact: its key, what is shown, and the number behind it (`data-value`, null when there is none).
  const lineFacts: [keyof ReviewText['line'], string, number | null][] = [
    ['ratingBefore', ratingText(line.ratingBefore, line.provisionalBefore, text.unrated), line.ratingBefore],
    ['gamesBefore', optional(line.gamesBefore, (n) => formatCount(n, locale)), line.gamesBefore],
    ['gamesInPeriod', optional(line.gamesInPeriod, (n) => formatCount(n, locale)), line.gamesInPeriod],
    ['k', optional(line.k, (k) => formatDecimal(k, locale)), line.k],
    ['ratingAfter', ratingText(line.ratingAfter, line.provisionalAfter, text.unrated), line.ratingAfter],
    ['gamesAfter', optional(line.gamesAfter, (n) => formatCount(n, locale)), line.gamesAfter],
    ['change', optional(line.change, (n) => formatSigned(n, locale)), line.change],
  ];
  return (
    <section aria-labelledby="explanation-heading" data-explanation={line.player.id}>
      <h2 id="explanation-heading">{fillTemplate(text.explanationHeading, { player: playerName(line.player) })}</h2>
      <dl className="facts" data-facts="line">
        {lineFacts.map(([key, shown, raw]) => (
          <div key={key} data-fact={key}>
            <dt>{text.line[key]}</dt>
            <dd data-value={raw ?? undefined}>{shown}</dd>
          </div>
        ))}
      </dl>
      {explanation.tournaments.length === 0 && <p className="muted">{text.noTournaments}</p>}
      {explanation.tournaments.map((change) => {
        const facts: [keyof ReviewText['tournamentFacts'], string, number | null][] = [
          ['ratingBefore', optional(change.ratingBefore, String), change.ratingBefore],
          ['score', formatScore(change.score, locale), change.score],
          ['expected', optional(change.expected, (e) => formatDecimal(e, locale)), change.expected],
          ['k', optional(change.k, (k) => formatDecimal(k, locale)), change.k],
          ['change', optional(change.change, (c) => formatSigned(c, locale, 2)), change.change],
          ['bonus', formatDecimal(change.bonus, locale), change.bonus],
          ['performance', optional(change.performance, String), change.performance],
          ['ratingAfter', optional(change.ratingAfter, String), change.ratingAfter],
        ];
        return (
          <article key={change.id} aria-labelledby={`change-${change.id}`} data-change={change.tournament.id}>
            <h3 id={`change-${change.id}`}>
              {change.tournament.name} · {formatDate(change.tournament.endDate, locale)}
            </h3>
            <dl className="facts">
              {facts.map(([key, shown, raw]) => (
                <div key={key} data-fact={key}>
                  <dt>{text.tournamentFacts[key]}</dt>
                  <dd data-value={raw ?? undefined}>{shown}</dd>
                </div>
              ))}
            </dl>
            <StaffTable
              caption={change.tournament.name}
              dataName={`games-${change.tournament.id}`}
              rows={change.games}
              rowKey={(game) => String(game.round)}
              empty={text.noEntries}
              columns={[
                { header: text.gameColumns.round, numeric: true, cell: (game) => game.round },
                { header: text.gameColumns.opponent, rowHeader: true, cell: (game) => playerName(game.opponent) },
                {
                  header: text.gameColumns.opponentRating,
                  numeric: true,
                  cell: (game) => optional(game.opponentRating, String),
                },
                { header: text.gameColumns.score, numeric: true, cell: (game) => formatScore(game.score, locale) },
                {
                  header: text.gameColumns.expected,
                  numeric: true,
                  cell: (game) => optional(game.expected, (e) => formatExpectedScore(e, locale)),
                },
                {
                  header: text.gameColumns.change,
                  numeric: true,
                  cell: (game) => optional(game.change, (c) => formatSigned(c, locale, 2)),
                },
              ]}
            />
          </article>
        );
      })}
    </section>
  );
}
