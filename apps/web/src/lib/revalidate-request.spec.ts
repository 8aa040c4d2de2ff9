import { isAuthorized, MAX_TAGS_PER_CALL, parseRevalidateBody } from './revalidate-request';

describe('isAuthorized', () => {
  it('accepts the bearer token that equals the secret, and nothing else', () => {
    expect(isAuthorized('Bearer s3cret', 's3cret')).toBe(true);
    expect(isAuthorized('Bearer s3cre', 's3cret')).toBe(false);
    expect(isAuthorized('Bearer s3cret-and-more', 's3cret')).toBe(false);
    expect(isAuthorized('s3cret', 's3cret')).toBe(false);
    expect(isAuthorized('Basic s3cret', 's3cret')).toBe(false);
    expect(isAuthorized(null, 's3cret')).toBe(false);
  });
});

describe('parseRevalidateBody', () => {
  it('returns the tags, without duplicates', () => {
    expect(parseRevalidateBody({ tags: ['rankings', 'player:42', 'rankings'] })).toEqual({
      ok: true,
      tags: ['rankings', 'player:42'],
    });
  });

  it.each([
    [null, 'body must be { "tags": string[] }'],
    [{ tag: 'rankings' }, 'body must be { "tags": string[] }'],
    [{ tags: 'rankings' }, 'tags must be a non-empty array of strings'],
    [{ tags: [] }, 'tags must be a non-empty array of strings'],
    [{ tags: ['rankings', 'everything', 7] }, 'unknown cache tags: "everything", 7'],
    [
      { tags: Array.from({ length: MAX_TAGS_PER_CALL + 1 }, (_, index) => `player:${index + 1}`) },
      `at most ${MAX_TAGS_PER_CALL} tags per call, got ${MAX_TAGS_PER_CALL + 1}`,
    ],
  ])('refuses %j', (body, error) => {
    expect(parseRevalidateBody(body)).toEqual({ ok: false, error });
  });
});
