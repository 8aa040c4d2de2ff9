import { DomainError } from '../errors';
import { signStaffToken, verifyStaffToken } from './staff-token';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const NOW = new Date('2026-03-01T10:00:00Z');
const claims = { staffId: 7, role: 'RATING_OFFICER' as const, expiresAt: new Date('2026-03-01T18:00:00Z') };

const reasonOf = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('UNAUTHENTICATED');
    return (error as DomainError).details?.reason;
  }
  throw new Error('expected a refusal');
};

describe('staff tokens', () => {
  it('round-trips the claims', () => {
    const token = signStaffToken(claims, SECRET);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyStaffToken(token, SECRET, NOW)).toEqual(claims);
  });

  it('carries a compact payload: staff id, role, expiry in seconds', () => {
    const payload = signStaffToken(claims, SECRET).split('.')[1];
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      sid: 7,
      role: 'RATING_OFFICER',
      exp: 1772388000,
    });
  });

  it('refuses an expired token, saying when it expired', () => {
    const token = signStaffToken(claims, SECRET);
    expect(() => verifyStaffToken(token, SECRET, claims.expiresAt)).toThrow(
      'the token expired at 2026-03-01T18:00:00.000Z',
    );
    expect(reasonOf(() => verifyStaffToken(token, SECRET, claims.expiresAt))).toBe('EXPIRED');
  });

  it('refuses a token signed with another secret, or with a changed payload', () => {
    const token = signStaffToken(claims, SECRET);
    expect(reasonOf(() => verifyStaffToken(token, `${SECRET}-rotated`, NOW))).toBe('BAD_SIGNATURE');
    const [version, , signature] = token.split('.');
    const promoted = Buffer.from(JSON.stringify({ sid: 7, role: 'ADMIN', exp: 1772388000 })).toString('base64url');
    expect(reasonOf(() => verifyStaffToken(`${version}.${promoted}.${signature}`, SECRET, NOW))).toBe('BAD_SIGNATURE');
  });

  it.each(['', 'garbage', 'v2.a.b', 'v1.only-two'])('refuses the malformed token %j', (token) => {
    expect(reasonOf(() => verifyStaffToken(token, SECRET, NOW))).toBe('MALFORMED');
  });

  it('refuses to work with a short secret (a configuration mistake)', () => {
    expect(() => signStaffToken(claims, 'short')).toThrow(RangeError);
  });
});
