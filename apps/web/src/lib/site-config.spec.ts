import {
  contrastRatio,
  DARK_BACKGROUND,
  DEFAULT_ACCENT_COLOR,
  DEFAULT_BRAND_COLOR,
  lightenUntilReadable,
  parseSiteConfig,
} from './site-config';

describe('parseSiteConfig', () => {
  it('keeps today’s look when nothing is set', () => {
    const config = parseSiteConfig({});
    expect(config.name).toEqual({ fr: 'Classements Elo', en: 'Elo Ratings' });
    expect(config.shortName).toEqual({ fr: 'Classements Elo', en: 'Elo Ratings' });
    expect(config.logo).toBeNull();
    expect(config.colors.brand).toBe(DEFAULT_BRAND_COLOR);
    expect(config.colors.accent).toBe(DEFAULT_ACCENT_COLOR);
  });

  it('takes each language’s name, one alone serving both, and the short names after them', () => {
    const config = parseSiteConfig({
      SITE_NAME_FR: 'Fédération québécoise des échecs',
      SITE_NAME_EN: ' Quebec Chess Federation ',
      SITE_SHORT_NAME_FR: 'FQE',
    });
    expect(config.name).toEqual({ fr: 'Fédération québécoise des échecs', en: 'Quebec Chess Federation' });
    expect(config.shortName).toEqual({ fr: 'FQE', en: 'FQE' });
    expect(parseSiteConfig({ SITE_NAME_EN: 'Chess Federation' }).shortName).toEqual({
      fr: 'Chess Federation',
      en: 'Chess Federation',
    });
  });

  it('reads the logo and the colours (short hex too)', () => {
    const config = parseSiteConfig({
      SITE_LOGO: 'https://fed.example/logo.svg',
      SITE_BRAND_COLOR: '#1B5E20',
      SITE_ACCENT_COLOR: 'A13',
    });
    expect(config.logo).toBe('https://fed.example/logo.svg');
    expect(config.colors.brand).toBe('#1b5e20');
    expect(config.colors.accent).toBe('#aa1133');
  });

  it('refuses a colour that breaks the contrast, saying how much it has and needs', () => {
    expect(() => parseSiteConfig({ SITE_BRAND_COLOR: '#2D2' })).toThrow(
      'SITE_BRAND_COLOR #22dd22 has a contrast of 1.84:1 with white; the header’s white text needs at least 4.5:1',
    );
    expect(() => parseSiteConfig({ SITE_ACCENT_COLOR: '#ffc857' })).toThrow(
      /SITE_ACCENT_COLOR #ffc857 has a contrast of 1\.\d\d:1 with white; the focus ring needs at least 3:1/,
    );
    expect(() => parseSiteConfig({ SITE_BRAND_COLOR: 'navy' })).toThrow(
      'SITE_BRAND_COLOR must be a hex colour such as #0b3a5c, got "navy"',
    );
  });

  it('lightens the colours for the dark theme until they read on its background', () => {
    const { colors } = parseSiteConfig({});
    expect(contrastRatio(colors.brandOnDark, DARK_BACKGROUND)).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(colors.accentOnDark, DARK_BACKGROUND)).toBeGreaterThanOrEqual(3);
    expect(colors.brandOnDark).not.toBe(colors.brand);
  });
});

describe('contrastRatio and lightenUntilReadable', () => {
  it('gives WCAG’s ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('keeps a colour that already reads, and mixes in white otherwise', () => {
    expect(lightenUntilReadable('#ffc857', DARK_BACKGROUND, 4.5)).toBe('#ffc857');
    const lightened = lightenUntilReadable('#0b3a5c', DARK_BACKGROUND, 4.5);
    expect(lightened).not.toBe('#0b3a5c');
    expect(contrastRatio(lightened, DARK_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });
});
