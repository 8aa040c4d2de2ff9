import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { TournamentChangesTable } from '@/components/tournament-changes-table';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { ApiGraphQLError } from '@/lib/api-error';
import { isApiId } from '@/lib/cache-tags';
import { keptOnFirstVisit } from '@/lib/kept-pages';
import { fetchPlayerPoolHistory, toTournamentRows } from '@/lib/player.queries';
import { playerName } from '@/lib/player-name';
import { fetchPools, isPoolCode, poolName } from '@/lib/pools.queries';

/** Rendered on first visit and kept (`lib/kept-pages.tsx`). */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

interface PoolHistoryProps {
  params: Promise<{ lang: string; id: string; pool: string }>;
}

/** The player and his pool; an unknown player or pool, or a pool he never played in, is a 404. */
const loadHistory = cache(async (id: string, code: string) => {
  if (!isApiId(id) || !isPoolCode(code)) notFound();
  const pool = (await fetchPools()).find((candidate) => candidate.code === code);
  if (!pool) notFound();
  let player;
  try {
    player = await fetchPlayerPoolHistory(id, code);
  } catch (error) {
    if (error instanceof ApiGraphQLError && error.hasCode('NOT_FOUND')) notFound();
    throw error;
  }
  if (!player || player.history.tournaments.length === 0) notFound();
  return { pool, player, name: playerName(player), rows: toTournamentRows(player.history.tournaments) };
});

export async function generateMetadata({ params }: PoolHistoryProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { id, pool: code } = await params;
  const { pool, name } = await loadHistory(id, code);
  const text = getDictionary(locale).player.poolHistory;
  const values = { name, pool: poolName(pool, locale) };
  return pageMetadata(
    locale,
    { section: 'players', params: [id, pool.code] },
    { title: fillTemplate(text.title, values), description: fillTemplate(text.description, values) },
  );
}

/** Every tournament rated for a player in one pool, newest first, each with its games (the profile shows the latest). */
export default async function PlayerPoolHistoryPage({ params }: PoolHistoryProps) {
  const locale = await localeFromParams(params);
  const { id, pool: code } = await params;
  const { pool, player, name, rows } = await loadHistory(id, code);
  const dictionary = getDictionary(locale);
  const text = dictionary.player;
  const poolLabel = poolName(pool, locale);
  return (
    <>
      <div className="page-intro">
        <p>
          <Link href={pageHrefs.player(locale, player.id)} data-profile-link>
            {fillTemplate(text.poolHistory.backToProfile, { name })}
          </Link>
        </p>
        <h1>{capitalize(fillTemplate(text.poolHistory.heading, { pool: poolLabel }), locale)}</h1>
        <p className="lead">{name}</p>
      </div>
      <TournamentChangesTable
        rows={rows}
        caption={fillTemplate(text.tournamentsCaption, { name, pool: poolLabel })}
        playerName={name}
        locale={locale}
        dictionary={dictionary}
      />
    </>
  );
}
