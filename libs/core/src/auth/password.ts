import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { invalidInput } from '../errors';

/**
 * scrypt cost parameters: OWASP Password Storage Cheat Sheet, "scrypt": N = 2^17, r = 8, p = 1
 * (about 0.35 s and 128 MiB per hash on the CI machine).
 */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Salt and derived-key sizes in bytes (RFC 7914 §2 leaves them to the application; 16/32 is customary). */
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** scrypt needs 128·N·r bytes; node's default cap (32 MiB) is below the OWASP cost, so allow twice the need. */
const memoryFor = ({ N, r }: ScryptParams) => 2 * 128 * N * r;

/** OWASP ASVS 4.0.3 V2.1.1 (at least 12 characters) and V2.1.2 (at least 64 permitted, over 128 denied). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** Refuses passwords outside the length rules, with a message the user can act on. Counts characters, not bytes. */
export function checkPasswordRules(field: string, password: unknown): string {
  if (typeof password !== 'string') throw invalidInput(field, 'is required and must be text');
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw invalidInput(
      field,
      `must be at least ${MIN_PASSWORD_LENGTH} characters long (got ${length}); a passphrase of a few words is easiest`,
    );
  }
  if (length > MAX_PASSWORD_LENGTH)
    throw invalidInput(field, `must be at most ${MAX_PASSWORD_LENGTH} characters long (got ${length})`);
  return password;
}

/** `scrypt$N=131072,r=8,p=1$<salt base64>$<key base64>`: the parameters travel with the hash, so they can change. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time check of a password against a stored hash; false (never a throw) for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.params).catch(() => null);
  return key !== null && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than today's (it is then re-hashed at the next login). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  return parsed === null || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}

interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

const HASH_FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function parseHash(stored: string): ParsedHash | null {
  const match = HASH_FORMAT.exec(stored);
  if (!match) return null;
  const params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const key = Buffer.from(match[5], 'base64');
  return key.length === 0 ? null : { params, salt: Buffer.from(match[4], 'base64'), key };
}

/** Passwords are NFKC-normalised first (NIST SP 800-63B §5.1.1.2), so the same characters typed differently match. */
function derive(password: string, salt: Buffer, length: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: memoryFor(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
