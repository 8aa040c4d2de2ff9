import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { ErrorMessagesProvider } from '@/components/error-messages';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { getDictionary } from '@/i18n/dictionary';
import { locales } from '@/i18n/locales';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { sectionHref } from '@/i18n/routes';
import '../globals.css';

export function generateStaticParams() {
  return locales.map((lang) => ({ lang }));
}

/** Only the languages above exist; the proxy never rewrites to another. */
export const dynamicParams = false;

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const { site } = getDictionary(await localeFromParams(params));
  return {
    title: { template: `%s · ${site.name}`, default: site.name },
    description: site.description,
    applicationName: site.name,
    ...(process.env.SITE_URL ? { metadataBase: new URL(process.env.SITE_URL) } : {}),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b3a5c' };

export default async function LangLayout({ children, params }: LangParams & { children: ReactNode }) {
  const locale = await localeFromParams(params);
  const dictionary = getDictionary(locale);
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#main">
          {dictionary.skipLink}
        </a>
        <SiteHeader locale={locale} dictionary={dictionary} />
        <main id="main" tabIndex={-1} className="container site-main">
          <ErrorMessagesProvider messages={{ locale, homeHref: sectionHref(locale, null), text: dictionary.errors }}>
            {children}
          </ErrorMessagesProvider>
        </main>
        <SiteFooter locale={locale} dictionary={dictionary} />
      </body>
    </html>
  );
}
