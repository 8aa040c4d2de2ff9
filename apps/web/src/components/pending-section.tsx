import type { Metadata } from 'next';
import { getDictionary } from '@/i18n/dictionary';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import type { Section } from '@/i18n/routes';

type PendingSectionKey = 'rankings' | 'tournaments' | 'lists';

/**
 * The page of a data section whose API queries are not written yet (issue #5: the API is being built):
 * its heading and introduction, and a notice that the data is coming. Each such page is
 * `const { generateMetadata, Page } = pendingSectionPage(...)` until its query replaces it.
 */
export function pendingSectionPage(section: Section & PendingSectionKey) {
  async function generateMetadata({ params }: LangParams): Promise<Metadata> {
    const locale = await localeFromParams(params);
    const text = getDictionary(locale)[section];
    return pageMetadata(locale, { section, params: [] }, text);
  }

  async function Page({ params }: LangParams) {
    const text = getDictionary(await localeFromParams(params))[section];
    return (
      <div className="page-intro">
        <h1>{text.heading}</h1>
        <p className="lead">{text.intro}</p>
        <p className="notice">{text.pending}</p>
      </div>
    );
  }

  return { generateMetadata, Page };
}
