import { publicApiBase, publicApiHref } from './public-api';

const DEFAULT = 'http://127.0.0.1:4000/graphql';

describe('publicApiBase', () => {
  it('defaults to the origin of API_URL, then of the default API address', () => {
    expect(publicApiBase({ API_URL: 'https://api.example.org/graphql' }, DEFAULT)).toBe('https://api.example.org');
    expect(publicApiBase({}, DEFAULT)).toBe('http://127.0.0.1:4000');
  });

  it('takes PUBLIC_API_URL when set, with a path prefix and without a trailing slash', () => {
    expect(
      publicApiBase(
        { PUBLIC_API_URL: 'https://ratings.example.org/api/', API_URL: 'http://api:4000/graphql' },
        DEFAULT,
      ),
    ).toBe('https://ratings.example.org/api');
    expect(publicApiBase({ PUBLIC_API_URL: ' https://api.example.org ' }, DEFAULT)).toBe('https://api.example.org');
  });

  it('names a PUBLIC_API_URL that is not an absolute address', () => {
    expect(() => publicApiBase({ PUBLIC_API_URL: 'api.example.org' }, DEFAULT)).toThrow(
      'PUBLIC_API_URL is not an absolute URL: "api.example.org"',
    );
  });
});

describe('publicApiHref', () => {
  it('puts the API path under the base', () => {
    expect(publicApiHref('https://api.example.org', '/exports/lists/3.csv')).toBe(
      'https://api.example.org/exports/lists/3.csv',
    );
    expect(publicApiHref('https://example.org/api', '/exports/lists/3.xml')).toBe(
      'https://example.org/api/exports/lists/3.xml',
    );
  });
});
