import { socialCardResponse } from '@/components/social-card';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatPeriod, plural } from '@/i18n/format';
import { isLocale } from '@/i18n/locales';
import { isApiId } from '@/lib/cache-tags';
import { inForceText } from '@/lib/list-timing';
import { fetchOgList } from '@/lib/og.queries';
import { playerName } from '@/lib/player-name';
import { poolName } from '@/lib/pools.queries';

/** A list's social card (og:image of the list page): pool and month, in force or upcoming, its top three. */
export async function GET(_request: Request, { params }: { params: Promise<{ lang: string; id: string }> }) {
  const { lang, id } = await params;
  if (!isLocale(lang) || !isApiId(id)) return new Response('Not found', { status: 404 });
  const list = await fetchOgList(id);
  if (!list) return new Response('Not found', { status: 404 });
  const { socialCard: text, common } = getDictionary(lang);
  return socialCardResponse(lang, {
    kicker: text.listKicker,
    title: capitalize(
      fillTemplate(text.listTitle, { pool: poolName(list.pool, lang), month: formatPeriod(list.period, lang) }),
      lang,
    ),
    subtitle: capitalize(
      `${inForceText(list, lang, common)} · ${plural(common.ratedPlayers, list.stats.listed, lang)}`,
      lang,
    ),
    rows: list.entries.edges.map(({ node }) => ({
      label: `${node.rank}. ${playerName(node.player)}`,
      value: node.display,
    })),
  });
}
