import { socialCardResponse } from '@/components/social-card';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate } from '@/i18n/format';
import { isLocale } from '@/i18n/locales';
import { isApiId } from '@/lib/cache-tags';
import { fetchOgPlayer } from '@/lib/og.queries';
import { playerName, titlesText } from '@/lib/player-name';
import { poolName } from '@/lib/pools.queries';

/** A player's social card (og:image of the profile): his name, federation and club, his rating in each pool. */
export async function GET(_request: Request, { params }: { params: Promise<{ lang: string; id: string }> }) {
  const { lang, id } = await params;
  if (!isLocale(lang) || !isApiId(id)) return new Response('Not found', { status: 404 });
  const player = await fetchOgPlayer(id);
  if (!player) return new Response('Not found', { status: 404 });
  const text = getDictionary(lang).socialCard;
  return socialCardResponse(lang, {
    kicker: text.playerKicker,
    title: [titlesText(player.titles), playerName(player)].filter(Boolean).join(' '),
    subtitle: [player.federation, player.club].filter(Boolean).join(' · '),
    rows: player.ratings.map((rating) => ({
      label: capitalize(poolName(rating.pool, lang), lang),
      value:
        rating.listed && rating.display !== null
          ? `${rating.display}${rating.rank === null ? '' : ` · ${fillTemplate(text.rank, { rank: rating.rank })}`}`
          : text.notListed,
    })),
  });
}
