import path from 'node:path';
import type { NextConfig } from 'next';
import { MAX_TRF_FILE_BYTES } from '@ratings/contract';

/** The monorepo root: Turbopack must see the workspace libraries beside this app. */
const workspaceRoot = path.join(__dirname, '../..');

/**
 * The site's Content-Security-Policy, the same for every page (headers() is static: it cannot give each render a
 * nonce).
 * - Scripts: the site's own, and inline ones. Next.js inlines its bootstrap and the React Server Components payload
 *   (`self.__next_f.push(…)`) in every page. A nonce instead would need the proxy to render every page per request,
 *   and pages served from Next's cache cannot carry one. What the policy still forbids: scripts from any other
 *   origin, eval (except under `next dev`, whose React tooling evaluates code), plugins, and being framed.
 * - Styles: inline too, for the style attributes React and recharts write into the server-rendered HTML.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Other sites (the API's downloads included) learn which site a visitor came from, not which page.
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // frame-ancestors' older equivalent, for browsers without CSP level 2.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/**
 * The largest request a staff console form sends: a TRF file at the import's limit, with the form's other fields.
 * Server Actions refuse more (1 MB by default), and the proxy buffers a request body up to its own limit (10 MB).
 */
const STAFF_FORM_MAX_BYTES = MAX_TRF_FILE_BYTES + 64 * 1024;

/**
 * The browser must not keep an RSC answer (a client navigation's or a prefetch's: `RSC: 1`, `?_rsc=`). Kept pages
 * answer them with `s-maxage=…, stale-while-revalidate=…`, which Chromium caches; a prefetch it answers from that
 * cache then never completes, and the next client navigation to that page stalls.
 */
const RSC_NOT_STORED = [{ key: 'Cache-Control', value: 'private, no-cache, no-store, max-age=0, must-revalidate' }];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // No ETag: Next.js hashes every answer's whole body for it (fnv1a in JavaScript, per request, a kept page too),
  // which cost a 100-row ranking a fifth of its throughput; kept pages are revalidated by their tags, not by
  // browsers' conditional requests.
  generateEtags: false,
  // Kept pages and cached API answers: one in-memory LRU bounded in bytes (cache-handler.js), none of Next's own.
  cacheHandler: require.resolve('./cache-handler.js'),
  cacheMaxMemorySize: 0,
  experimental: {
    isrFlushToDisk: false,
    // Same-origin Server Actions only (no allowedOrigins): Next.js refuses an action whose Origin is another site.
    serverActions: { bodySizeLimit: STAFF_FORM_MAX_BYTES },
    proxyClientMaxBodySize: STAFF_FORM_MAX_BYTES,
  },
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/:path*', has: [{ type: 'header', key: 'rsc', value: '1' }], headers: RSC_NOT_STORED },
      { source: '/:path*', has: [{ type: 'query', key: '_rsc' }], headers: RSC_NOT_STORED },
    ];
  },
  turbopack: {
    root: workspaceRoot,
    // Bundle the rating rules from source, as typecheck and jest read them: no library build needed first.
    resolveAlias: {
      '@ratings/rating-rules': path.join(workspaceRoot, 'libs/rating-rules/src/index.ts'),
    },
  },
};

export default nextConfig;
