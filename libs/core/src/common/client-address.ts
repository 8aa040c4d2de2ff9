import { isIP } from 'node:net';

/**
 * The client's address as quotas and the audit trail may use it: an IPv4 or IPv6 address, or null for anything
 * else. The address can come from an X-Forwarded-For header, which is text anyone can write: only an address
 * is worth counting or recording.
 */
export function clientAddress(candidate: string | null | undefined): string | null {
  return typeof candidate === 'string' && isIP(candidate) !== 0 ? candidate : null;
}
