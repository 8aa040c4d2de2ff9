'use client';

import Link from 'next/link';
import { useSelectedLayoutSegments } from 'next/navigation';
import type { Locale } from '@/i18n/locales';
import { homeRoute, localizedHref, routeFromSegments } from '@/i18n/routes';

export interface LanguageOption {
  locale: Locale;
  /** The language's own name ("Français", "English"). */
  name: string;
  /** "Read this page in English", in that language. */
  switchTo: string;
}

/**
 * Links to the current page in every language. The page is read from the route's segments; a page
 * that does not exist (the 404 page) links to the other language's home.
 */
export function LanguageSwitch({ label, current, options }: { label: string; current: Locale; options: readonly LanguageOption[] }) {
  const route = routeFromSegments(useSelectedLayoutSegments()) ?? homeRoute;
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
              <Link href={localizedHref(option.locale, route)} hrefLang={option.locale} lang={option.locale} title={option.switchTo} className="language-switch__link">
                {option.name}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
