import type { Metadata, Viewport } from 'next';
import type { CSSProperties, ReactNode } from 'react';
import { ErrorMessagesProvider } from '@/components/error-messages';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { getDictionary } from '@/i18n/dictionary';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { sectionHref } from '@/i18n/routes';
import { keptOnFirstVisit } from '@/lib/kept-pages';
import { siteConfig, type SiteColors } from '@/lib/site-config';
import '../globals.css';

/**
 * Nothing is rendered at build time but the pages that read no API (the calculator names its languages): every
 * other page is rendered on its first visit and kept (`lib/kept-pages.tsx`), so `next build` needs no API. The
 * proxy only ever rewrites to a known language, and `localeFromParams` answers 404 for any other.
 */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { site } = getDictionary(locale);
  const { name, shortName } = siteConfig();
  return {
    title: { template: `%s · ${shortName[locale]}`, default: name[locale] },
    description: site.description,
    applicationName: name[locale],
    openGraph: { siteName: name[locale] },
    ...(process.env.SITE_URL ? { metadataBase: new URL(process.env.SITE_URL) } : {}),
  };
}

export function generateViewport(): Viewport {
  return { width: 'device-width', initialScale: 1, themeColor: siteConfig().colors.brand };
}

/** The configured colours, as the custom properties globals.css builds its palette on. */
function colorProperties(colors: SiteColors): CSSProperties {
  return {
    '--site-brand': colors.brand,
    '--site-accent': colors.accent,
    '--site-brand-on-dark': colors.brandOnDark,
    '--site-accent-on-dark': colors.accentOnDark,
  } as CSSProperties;
}

export default async function LangLayout({ children, params }: LangParams & { children: ReactNode }) {
  const locale = await localeFromParams(params);
  const dictionary = getDictionary(locale);
  return (
    <html lang={locale} style={colorProperties(siteConfig().colors)}>
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
