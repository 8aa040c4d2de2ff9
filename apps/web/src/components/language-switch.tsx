'use client';

import Link from 'next/link';
import { useSearchParams, useSelectedLayoutSegments } from 'next/navigation';
import { Suspense } from 'react';
import type { Locale } from '@/i18n/locales';
import { homeRoute, localizedHref, routeFromSegments } from '@/i18n/routes';

export interface LanguageOption {
  locale: Locale;
  /** The language's own name ("Français", "English"). */
  name: string;
  /** "Read this page in English", in that language. */
  switchTo: string;
}

interface LanguageSwitchProps {
  label: string;
  current: Locale;
  options: readonly LanguageOption[];
}

/**
 * Links to the current page in every language. The page is read from the route's segments; a page
 * that does not exist (the 404 page) links to the other language's home. The address's query (the
 * filters and the page of a ranking) goes along, since its parameter names are the same in every
 * language; statically rendered pages have none, so the links without it are their fallback.
 */
export function LanguageSwitch(props: LanguageSwitchProps) {
  return (
    <Suspense fallback={<LanguageLinks {...props} query="" />}>
      <LanguageLinksWithQuery {...props} />
    </Suspense>
  );
}

function LanguageLinksWithQuery(props: LanguageSwitchProps) {
  return <LanguageLinks {...props} query={useSearchParams().toString()} />;
}

function LanguageLinks({ label, current, options, query }: LanguageSwitchProps & { query: string }) {
  const page = routeFromSegments(useSelectedLayoutSegments());
  const route = page ?? homeRoute;
  const suffix = page !== null && query ? `?${query}` : '';
  return (
    <nav aria-label={label} className="language-switch">
      <ul className="language-switch__list">
        {options.map((option) =>
          option.locale === current ? (
            <li key={option.locale}>
              <span className="language-switch__current" aria-current="true" lang={option.locale}>
                {option.name}
              </span>
            </li>
          ) : (
            <li key={option.locale}>
              <Link
                href={`${localizedHref(option.locale, route)}${suffix}`}
                hrefLang={option.locale}
                lang={option.locale}
                title={option.switchTo}
                className="language-switch__link"
                // Not prefetched: on a 404 it names the other language's 404, and Chromium never completes the
                // prefetch of a 404 page Next.js renders for the first time (the page load then never settles).
                prefetch={false}
              >
                {option.name}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
