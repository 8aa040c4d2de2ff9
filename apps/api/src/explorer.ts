import { createHash } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { ruruHTML } from 'ruru/server';
import { getStaticFile } from 'ruru/static';

/** Where the explorer page is served, beside the endpoint it queries. */
export const EXPLORER_PATH = '/graphiql';
const STATIC_PATH = `${EXPLORER_PATH}/static/`;

/** The SHA-256 source of each inline script of the page, for a Content-Security-Policy that allows those alone. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/**
 * The GraphQL explorer (GraphiQL, in Ruru's distribution) served by the API from the npm package itself: the
 * page and its scripts come from this host, so it works offline and behind a firewall. The page's policy lets
 * it load only its own scripts (its inline ones by hash), styles and workers, and query this API.
 */
export function explorerRoutes(): Router {
  const html = ruruHTML({ endpoint: '/graphql', staticPath: STATIC_PATH });
  const policy = [
    "default-src 'none'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`,
    // GraphiQL and its editor set styles inline and load their workers and fonts from this host.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const router = Router();
  router.get('/', (_req: Request, res: Response) => {
    res.setHeader('content-security-policy', policy);
    res.setHeader('cache-control', 'public, max-age=300');
    res.type('html').send(html);
  });
  router.get('/static/*file', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const file = await getStaticFile({
        staticPath: STATIC_PATH,
        urlPath: `${EXPLORER_PATH}${req.path}`,
        acceptEncoding: req.headers['accept-encoding'],
        disallowDevAssets: true,
      });
      if (!file) return next();
      res.set(file.headers).setHeader('cache-control', 'public, max-age=86400');
      if (req.fresh) res.status(304).end();
      else res.end(file.content);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
