import { Router, type Request, type Response } from 'express';
import { DomainError, importRatingListFile, type ListFormat, type RatingControl } from '@ratings/core';
import { createContext } from './context';
import { sendError } from './exports-routes';
import type { ApiServices } from './context';
import { PUBLICATION_TAGS } from './rating-list/revalidate';
import { requestOrigin } from './http';

/** The request body as it arrives, refused (413) once it passes `maxBytes`: the file never sits in memory. */
async function* limitedBody(req: Request, maxBytes: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) throw new BodyTooLarge(maxBytes);
    yield chunk;
  }
}

class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes / 1048576} MB (MAX_LIST_IMPORT_MB)`);
  }
}

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? req.query[name] : undefined);

/**
 * Uploads: `POST /imports/lists?pool=<code>&format=<fide-txt|fide-xml|csv>[&control=…&effective=YYYY-MM-01]`,
 * the file as the body, streamed into importRatingListFile (staff, as the importRatingList mutation). The answer
 * is the import's report as JSON.
 */
export function importRoutes(services: ApiServices): Router {
  const { config, changes } = services;
  const router = Router();
  router.post('/lists', async (req: Request, res: Response) => {
    try {
      const ctx = createContext({
        ...services,
        logger: req.log,
        requestId: req.id,
        viewer: req.viewer,
        requestOrigin: requestOrigin(req),
      });
      const staff = ctx.staff();
      if (Number(req.headers['content-length'] ?? 0) > config.maxListImportBytes)
        throw new BodyTooLarge(config.maxListImportBytes);
      const pool = query(req, 'pool');
      if (!pool)
        throw new DomainError('BAD_USER_INPUT', 'pool: give the code of the pool (?pool=…)', { argument: 'pool' });
      const format = query(req, 'format');
      if (!format)
        throw new DomainError('BAD_USER_INPUT', 'format: give the file format (?format=fide-txt|fide-xml|csv)', {
          argument: 'format',
        });
      const report = await importRatingListFile(
        services.dataSource,
        {
          poolCode: pool,
          format: format as ListFormat,
          control: query(req, 'control') as RatingControl | undefined,
          effectiveDate: query(req, 'effective') ?? null,
          source: limitedBody(req, config.maxListImportBytes),
        },
        staff,
      );
      if (report.status === 'IMPORTED')
        await changes.afterWrite({ staleSiteTags: new Set(PUBLICATION_TAGS), logger: req.log });
      res.json(report);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.status(413).json({ errors: [{ message: error.message, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
        return;
      }
      sendError(res, error);
    }
  });
  return router;
}
