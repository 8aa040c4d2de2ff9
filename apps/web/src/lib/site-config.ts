import { locales, type Locale } from '@/i18n/locales';

/**
 * The federation's identity on its site: names, logo, colours. Every setting is an environment
 * variable read here and nowhere else; unset, the site keeps its built-in look ("Classements Elo").
 */
export interface SiteConfig {
  /** The site's full name per language (header, home title, social cards). */
  name: Record<Locale, string>;
  /** The short name per language (after each page's title: "Classement Lente · FQE"). */
  shortName: Record<Locale, string>;
  /** Where the logo comes from: an http(s) URL or a file on the server; null: no logo, the name alone. */
  logo: string | null;
  colors: SiteColors;
}

export interface SiteColors {
  /** Header background, behind white text; also headline figures on white. */
  brand: string;
  /** Focus rings and highlights on white. */
  accent: string;
  /** The brand and the accent lightened until they read on the dark theme's background. */
  brandOnDark: string;
  accentOnDark: string;
}

/** Today's look: the names of the dictionaries and the palette of globals.css. */
export const DEFAULT_SITE_NAMES: Record<Locale, string> = { fr: 'Classements Elo', en: 'Elo Ratings' };
export const DEFAULT_BRAND_COLOR = '#0b3a5c';
export const DEFAULT_ACCENT_COLOR = '#b4410c';

/** WCAG 2.2 AA: normal text needs 4.5:1, focus indicators and other marks 3:1. */
export const TEXT_CONTRAST = 4.5;
export const MARK_CONTRAST = 3;
/** The brand's figures on the dark theme aim higher than AA: a just-passing tint reads as grey. */
export const DARK_INK_CONTRAST = 7;
const WHITE = '#ffffff';
/** The dark theme's page background (globals.css, `prefers-color-scheme: dark`). */
export const DARK_BACKGROUND = '#121417';

type Env = Readonly<Record<string, string | undefined>>;

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** `<NAME>_FR` and `<NAME>_EN`: either one alone serves both languages. */
function localized(env: Env, name: string, fallback: Record<Locale, string>): Record<Locale, string> {
  const given = Object.fromEntries(locales.map((locale) => [locale, setting(env, `${name}_${locale.toUpperCase()}`)]));
  const any = locales.map((locale) => given[locale]).find((value) => value !== undefined);
  return Object.fromEntries(locales.map((locale) => [locale, given[locale] ?? any ?? fallback[locale]])) as Record<
    Locale,
    string
  >;
}

function parseHexColor(name: string, raw: string): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(raw);
  if (!match) throw new RangeError(`${name} must be a hex colour such as #0b3a5c, got "${raw}"`);
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return `#${hex.toLowerCase()}`;
}

function channels(color: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16)) as [number, number, number];
}

function relativeLuminance(color: string): number {
  const [r, g, b] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `color` mixed with white, in steps of 5 %, until it reaches `ratio` against `background`. */
export function lightenUntilReadable(color: string, background: string, ratio: number): string {
  const toHex = (value: number) => Math.round(value).toString(16).padStart(2, '0');
  for (let step = 0; step <= 20; step += 1) {
    const mixed = `#${channels(color)
      .map((value) => toHex(value + ((255 - value) * step) / 20))
      .join('')}`;
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return WHITE;
}

function checkedColor(env: Env, name: string, fallback: string, ratio: number, use: string): string {
  const raw = setting(env, name);
  const color = raw === undefined ? fallback : parseHexColor(name, raw);
  const found = contrastRatio(color, WHITE);
  if (found < ratio)
    throw new RangeError(
      `${name} ${color} has a contrast of ${found.toFixed(2)}:1 with white; ${use} needs at least ${ratio}:1 (a darker colour)`,
    );
  return color;
}

/** Reads and checks the settings: a colour that would break the contrast is refused. */
export function parseSiteConfig(env: Env): SiteConfig {
  const name = localized(env, 'SITE_NAME', DEFAULT_SITE_NAMES);
  const brand = checkedColor(env, 'SITE_BRAND_COLOR', DEFAULT_BRAND_COLOR, TEXT_CONTRAST, 'the header’s white text');
  const accent = checkedColor(env, 'SITE_ACCENT_COLOR', DEFAULT_ACCENT_COLOR, MARK_CONTRAST, 'the focus ring');
  return {
    name,
    shortName: localized(env, 'SITE_SHORT_NAME', name),
    logo: setting(env, 'SITE_LOGO') ?? null,
    colors: {
      brand,
      accent,
      brandOnDark: lightenUntilReadable(brand, DARK_BACKGROUND, DARK_INK_CONTRAST),
      accentOnDark: lightenUntilReadable(accent, DARK_BACKGROUND, MARK_CONTRAST),
    },
  };
}

let cached: SiteConfig | undefined;

/** The running site's configuration, read from the environment once. */
export function siteConfig(): SiteConfig {
  cached ??= parseSiteConfig(process.env);
  return cached;
}
