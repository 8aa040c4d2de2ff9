import { DomainError } from '../errors';
import {
  MAX_CONCURRENT_PASSWORD_HASHES,
  MAX_PASSWORD_LENGTH,
  MAX_WAITING_PASSWORD_HASHES,
  MIN_PASSWORD_LENGTH,
  checkPasswordRules,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './password';

/** Cheap parameters for speed; the format and comparison are the same at any cost. */
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('passwords', () => {
  it('hashes to a self-describing scrypt string with a fresh salt each time', async () => {
    const first = await hashPassword('correct horse battery', FAST);
    const second = await hashPassword('correct horse battery', FAST);
    expect(first).toMatch(/^scrypt\$N=1024,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('matches the same characters typed in another Unicode form (NFKC)', async () => {
    const hash = await hashPassword('mot de passe \u00e9t\u00e9 2026', FAST);
    expect(await verifyPassword('mot de passe e\u0301te\u0301 2026', hash)).toBe(true);
  });

  it('answers false, without throwing, for an unreadable stored hash', async () => {
    expect(await verifyPassword('anything at all', 'scrypt$test$unusable')).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$N=0,r=8,p=1$AAAA$AAAA')).toBe(false);
  });

  it('asks for a rehash when the stored parameters are weaker than the defaults', async () => {
    expect(needsRehash(await hashPassword('correct horse battery', FAST))).toBe(true);
    expect(needsRehash(await hashPassword('correct horse battery', FAST), FAST)).toBe(false);
  });

  it.each([
    [
      'short',
      `password: must be at least ${MIN_PASSWORD_LENGTH} characters long (got 5); a passphrase of a few words is easiest`,
    ],
    [
      'x'.repeat(MAX_PASSWORD_LENGTH + 1),
      `password: must be at most ${MAX_PASSWORD_LENGTH} characters long (got ${MAX_PASSWORD_LENGTH + 1})`,
    ],
  ])('refuses %j with a clear message', (password, message) => {
    expect(() => checkPasswordRules('password', password)).toThrow(message);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(checkPasswordRules('password', '🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴🐴')).toHaveLength(24);
    expect(() => checkPasswordRules('password', '🐴'.repeat(MIN_PASSWORD_LENGTH - 1))).toThrow('(got 11)');
  });

  describe('bounded hashing', () => {
    /** Every attempt started at once, each settling into its outcome and its place in the order of settling. */
    function startAll(count: number, stored: string) {
      const settled: string[] = [];
      const outcomes = Array.from({ length: count }, (_, index) =>
        verifyPassword('correct horse battery', stored).then(
          (matches) => {
            settled.push(`verified ${index}`);
            return matches;
          },
          (error: unknown) => {
            settled.push(`refused ${index}`);
            return error;
          },
        ),
      );
      return { settled, outcomes: Promise.all(outcomes) };
    }

    it('refuses, at once and as RATE_LIMITED, a hash that would wait behind too many others; then takes more again', async () => {
      const stored = await hashPassword('correct horse battery', FAST);
      const capacity = MAX_CONCURRENT_PASSWORD_HASHES + MAX_WAITING_PASSWORD_HASHES;
      const { settled, outcomes } = startAll(capacity + 2, stored);
      const results = await outcomes;
      expect(results.slice(0, capacity)).toEqual(Array.from({ length: capacity }, () => true));
      for (const refusal of results.slice(capacity)) {
        expect(refusal).toBeInstanceOf(DomainError);
        expect(refusal).toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'PASSWORD_HASHING_BUSY' } });
      }
      // The refusals did not wait for a turn: they settled before any hash finished.
      expect(settled.slice(0, 2)).toEqual([`refused ${capacity}`, `refused ${capacity + 1}`]);
      expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    });
  });
});
