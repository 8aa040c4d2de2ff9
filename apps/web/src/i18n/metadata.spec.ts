import { pageMetadata, socialCardPath } from './metadata';

describe('pageMetadata', () => {
  it('links the page to its other language and marks French as the default', () => {
    const metadata = pageMetadata(
      'en',
      { section: 'calculator', params: [] },
      { title: 'Elo rating calculator', description: 'Work out your new rating.' },
    );
    expect(metadata.title).toBe('Elo rating calculator');
    expect(metadata.description).toBe('Work out your new rating.');
    expect(metadata.alternates).toEqual({
      canonical: '/en/calculator',
      languages: { fr: '/calculateur', en: '/en/calculator', 'x-default': '/calculateur' },
    });
    expect(metadata.openGraph).toMatchObject({ locale: 'en_GB', title: 'Elo rating calculator' });
  });

  it('gives a French page its French canonical address', () => {
    const metadata = pageMetadata(
      'fr',
      { section: 'players', params: ['42'] },
      { title: 'Joueur', description: 'Fiche' },
    );
    expect(metadata.alternates?.canonical).toBe('/joueurs/42');
    expect(metadata.openGraph).toMatchObject({ locale: 'fr_FR' });
    expect(metadata.openGraph).not.toHaveProperty('images');
    expect(metadata).not.toHaveProperty('twitter');
  });

  it('gives a page with a social card its og:image and a large Twitter card', () => {
    const image = {
      url: `https://ratings.example.org${socialCardPath('en', 'lists', '7')}`,
      alt: 'Standard · November 2026 list',
    };
    const metadata = pageMetadata(
      'en',
      { section: 'lists', params: ['standard', '7'] },
      { title: 'Standard, November 2026', description: 'The list' },
      image,
    );
    const card = {
      url: 'https://ratings.example.org/og/en/lists/7',
      alt: 'Standard · November 2026 list',
      width: 1200,
      height: 630,
    };
    expect(metadata.openGraph).toMatchObject({ title: 'Standard, November 2026', images: [card] });
    expect(metadata.twitter).toEqual({
      card: 'summary_large_image',
      title: 'Standard, November 2026',
      description: 'The list',
      images: [card],
    });
  });
});
