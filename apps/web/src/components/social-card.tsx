import { ImageResponse } from 'next/og';
import { loadLogo } from '@/lib/site-logo';
import { siteConfig } from '@/lib/site-config';
import type { Locale } from '@/i18n/locales';

/** OpenGraph's recommended size: what link previews crop the least. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 };

export interface SocialCardContent {
  kicker: string;
  title: string;
  /** One line under the title: the date, the number of players. */
  subtitle: string;
  /** Up to three figures, label and value. */
  rows: readonly { label: string; value: string }[];
}

async function logoDataUrl(): Promise<string | null> {
  const logo = await loadLogo();
  return logo === null ? null : `data:${logo.contentType};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

/**
 * A page's social card (og:image) as a PNG: the federation's name and logo on its brand colour, the page's title
 * and up to three figures. Inline styles only: `ImageResponse` renders a subset of CSS (satori).
 */
export async function socialCardResponse(locale: Locale, content: SocialCardContent): Promise<ImageResponse> {
  const { name, colors } = siteConfig();
  const logo = await logoDataUrl();
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 64,
        background: colors.brand,
        color: '#ffffff',
        fontSize: 32,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        {logo && <img src={logo} height={72} alt="" />}
        <span style={{ fontSize: 36 }}>{name[locale]}</span>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <span style={{ fontSize: 32, opacity: 0.9 }}>{content.kicker}</span>
        <span style={{ fontSize: 72, lineHeight: 1.1 }}>{content.title}</span>
        <span style={{ fontSize: 32 }}>{content.subtitle}</span>
      </div>
      <div style={{ display: 'flex', gap: 48 }}>
        {content.rows.slice(0, 3).map((row) => (
          <div key={row.label} style={{ display: 'flex', flexDirection: 'column' }}>
            <span style={{ fontSize: 28, opacity: 0.9 }}>{row.label}</span>
            <span style={{ fontSize: 48 }}>{row.value}</span>
          </div>
        ))}
      </div>
    </div>,
    SOCIAL_CARD_SIZE,
  );
}
