import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { Feed } from 'feed';
import { publishedListsOfPool, type Pool, type RatingList } from '@ratings/core';
import type { DataSource } from 'typeorm';
import { requestOrigin } from './http';

/** Readers poll feeds: five minutes of caching spares the database, and a publication shows within that. */
const FEED_MAX_AGE_SECONDS = 300;

type FeedLanguage = 'fr' | 'en';

const TEXT = {
  en: {
    title: (pool: string) => `${pool}: rating lists`,
    description: (pool: string) => `Each rating list of the ${pool} pool published, and each correction.`,
    entry: (list: RatingList) =>
      list.revision === 0 ? `List ${list.period}` : `List ${list.period}, revision ${list.revision} (correction)`,
    summary: (list: RatingList) =>
      `In force from ${list.effectiveDate}: ${list.listedCount} players listed of ${list.entryCount}.` +
      (list.reason ? ` Corrected: ${list.reason}` : ''),
    rights: 'Published by the federation',
  },
  fr: {
    title: (pool: string) => `${pool} : listes de classement`,
    description: (pool: string) => `Chaque liste de classement ${pool} publiée, et chaque correction.`,
    entry: (list: RatingList) =>
      list.revision === 0 ? `Liste ${list.period}` : `Liste ${list.period}, révision ${list.revision} (correction)`,
    summary: (list: RatingList) =>
      `En vigueur à partir du ${list.effectiveDate} : ${list.listedCount} joueurs classés sur ${list.entryCount}.` +
      (list.reason ? ` Corrigée : ${list.reason}` : ''),
    rights: 'Publié par la fédération',
  },
} as const;

export interface FeedAddresses {
  /** Where the public reaches the API (PUBLIC_API_URL), else this request's own origin. */
  readonly publicBaseUrl: string | null;
  /** Where the public site is (SITE_URL): entries then link to its list pages. */
  readonly publicSiteUrl: string | null;
}

const origin = (url: string) => url.replace(/\/+$/, '');

/**
 * `/exports/pools/<code>/lists.atom[?lang=fr]`: the pool's publications as an Atom feed (the `feed` library
 * writes the XML), newest first, every URL absolute. An ETag (the digest of the feed) answers a reader's
 * If-None-Match with 304.
 */
export async function sendListFeed(
  db: DataSource,
  pool: Pool,
  req: Request,
  res: Response,
  addresses: FeedAddresses,
): Promise<void> {
  const language: FeedLanguage = req.query.lang === 'fr' ? 'fr' : 'en';
  const text = TEXT[language];
  const api = origin(addresses.publicBaseUrl ?? requestOrigin(req));
  const site = addresses.publicSiteUrl === null ? null : origin(addresses.publicSiteUrl);
  const poolName = language === 'fr' ? (pool.nameFr ?? pool.name) : pool.name;
  const self = `${api}/exports/pools/${encodeURIComponent(pool.code)}/lists.atom${language === 'fr' ? '?lang=fr' : ''}`;
  const sitePath = (...parts: string[]) =>
    `${site}${language === 'fr' ? '/listes' : '/en/lists'}/${parts.map(encodeURIComponent).join('/')}`;
  const lists = await publishedListsOfPool(db, pool.id);

  const feed = new Feed({
    id: self,
    title: text.title(poolName),
    description: text.description(poolName),
    link: site === null ? self : sitePath(pool.code),
    language,
    updated: lists[0]?.publishedAt ?? pool.createdAt,
    generator: 'ratings',
    feedLinks: { atom: self },
    copyright: text.rights,
  });
  for (const list of lists) {
    const json = `${api}/exports/lists/${list.id}.json`;
    feed.addItem({
      id: json,
      title: text.entry(list),
      link: site === null ? json : sitePath(pool.code, String(list.id)),
      description: text.summary(list),
      date: list.publishedAt!,
      published: list.publishedAt!,
    });
  }
  const xml = feed.atom1();
  const etag = `"${createHash('sha256').update(xml).digest('base64url')}"`;
  res.setHeader('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}`);
  res.setHeader('etag', etag);
  res.setHeader('vary', 'accept-encoding');
  const known = (req.get('if-none-match') ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known.includes(etag) || known.includes('*')) {
    res.status(304).end();
    return;
  }
  res.setHeader('content-type', 'application/atom+xml; charset=utf-8');
  res.end(xml);
}
