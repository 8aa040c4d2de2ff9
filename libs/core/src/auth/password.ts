import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { DomainError, invalidInput } from '../errors';

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

/**
 * scrypt runs in libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise, shared with file and
 * DNS work) and takes 128 MiB at today's cost: two at a time leave threads for the rest of the process and
 * bound the memory to 256 MiB, whatever a flood of sign-ins asks for.
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = 2;
/**
 * Hashes that may wait for a turn; past them a new one is refused at once (RATE_LIMITED). 32 waiting at
 * ~0.35 s each, two at a time, is about 6 s for the last: longer, and "try again" is the better answer.
 */
export const MAX_WAITING_PASSWORD_HASHES = 32;
const hashing = pLimit(MAX_CONCURRENT_PASSWORD_HASHES);

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
  const key = await inHashingTurn(() => derive(password, salt, KEY_BYTES, params));
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time check of a password against a stored hash; false (never a throw) for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const key = await inHashingTurn(() =>
    derive(password, parsed.salt, parsed.key.length, parsed.params).catch(() => null),
  );
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

/** Runs one scrypt in its turn, or refuses it at once when too many are already waiting. */
function inHashingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.activeCount + hashing.pendingCount >= MAX_CONCURRENT_PASSWORD_HASHES + MAX_WAITING_PASSWORD_HASHES) {
    return Promise.reject(
      new DomainError('RATE_LIMITED', 'too many sign-ins are being checked at once: try again in a few seconds', {
        reason: 'PASSWORD_HASHING_BUSY',
      }),
    );
  }
  return hashing(work);
}

/** Passwords are NFKC-normalised first (NIST SP 800-63B §5.1.1.2), so the same characters typed differently match. */
function derive(password: string, salt: Buffer, length: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: memoryFor(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
