import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteConfig } from './site-config';

/** The path the site serves its logo on (`app/brand/logo/route.ts`), whatever its source. */
export const LOGO_PATH = '/brand/logo';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** Remote logos are fetched again at most this often. */
const REMOTE_LOGO_MAX_AGE_SECONDS = 3600;

export interface LogoImage {
  bytes: ArrayBuffer;
  contentType: string;
}

function isRemote(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/**
 * The configured logo's bytes: fetched when `SITE_LOGO` is a URL, read from disk when it is a path (relative
 * to the site's working directory). Served by the site itself, so the pages' Content-Security-Policy can keep
 * images to the site's own origin.
 */
export async function loadLogo(source: string | null = siteConfig().logo): Promise<LogoImage | null> {
  if (source === null) return null;
  if (isRemote(source)) {
    const response = await fetch(source, { next: { revalidate: REMOTE_LOGO_MAX_AGE_SECONDS } });
    if (!response.ok) throw new Error(`SITE_LOGO ${source} answered HTTP ${response.status}`);
    return {
      bytes: await response.arrayBuffer(),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
  const file = await readFile(path.resolve(source));
  const contentType = CONTENT_TYPES[path.extname(source).toLowerCase()];
  if (!contentType) throw new RangeError(`SITE_LOGO ${source}: an .svg, .png, .jpg, .webp or .gif file is expected`);
  return { bytes: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer, contentType };
}
