import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/site-origin';
import { robotsRules } from '@/lib/sitemap';

export default async function robots(): Promise<MetadataRoute.Robots> {
  return robotsRules(await siteOrigin());
}
