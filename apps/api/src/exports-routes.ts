import { Router, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import {
  DomainError,
  exportPoolHistory,
  exportRatingList,
  EXPORT_VERSIONS,
  exportTrf,
  HISTORY_KINDS,
  isVisibleTo,
  listsByIds,
  notFound,
  parseExportFormat,
  poolByCode,
  tournamentsByIds,
} from '@ratings/core';
import { readerOf } from './auth/viewer';
import { sendListFeed, type FeedAddresses } from './list-feed';
import {
  answeredNotModified,
  cacheControlFor,
  CURRENT_MAX_AGE_SECONDS,
  PUBLISHED_LIST_MAX_AGE_SECONDS,
  STAFF_CACHE_CONTROL,
} from './http-caching';
import { parseId } from './ids';

/** Sends an async sequence of text chunks, respecting back-pressure, so large files never sit in memory. */
async function stream(res: Response, chunks: AsyncIterable<string>): Promise<void> {
  for await (const chunk of chunks) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** HTTP status of each domain error code (anything else: 400). */
const STATUS: Record<string, number> = { NOT_FOUND: 404, CONFLICT: 409, FORBIDDEN: 403, UNAUTHENTICATED: 401 };

export function sendError(res: Response, error: unknown): void {
  if (res.headersSent) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  if (
    error instanceof DomainError ||
    (error as { extensions?: { code?: string } }).extensions?.code === 'BAD_USER_INPUT'
  ) {
    const code = error instanceof DomainError ? error.code : 'BAD_USER_INPUT';
    res.status(STATUS[code] ?? 400).json({
      errors: [
        {
          message: (error as Error).message,
          extensions: { code, ...(error instanceof DomainError ? error.details : {}) },
        },
      ],
    });
    return;
  }
  throw error;
}

/**
 * Downloads, streamed: `/exports/lists/<id>.<csv|json|txt|xml>` (drafts for staff only) and
 * `/exports/pools/<code>/history-<lists|tournaments>.csv`, the pool's publications as an Atom feed,
 * `/exports/pools/<code>/lists.atom` (see list-feed.ts), and a tournament as a FIDE report,
 * `/exports/tournaments/<id>.trf` (`?version=TRF-2026` for the 2026 format; drafts for staff only).
 */
export function exportRoutes(db: DataSource, addresses: FeedAddresses): Router {
  const router = Router();
  router.get('/lists/:file', async (req: Request, res: Response) => {
    try {
      const match = /^(\d+)\.(\w+)$/.exec(String(req.params.file));
      if (!match)
        throw new DomainError(
          'NOT_FOUND',
          `no export named ${req.params.file}: use /exports/lists/<id>.<csv|json|txt|xml>`,
        );
      const listId = parseId(match[1], 'list');
      const format = parseExportFormat(match[2]);
      const [list] = await listsByIds(db, [listId]);
      if (!isVisibleTo(readerOf(req.viewer), list)) throw notFound('Rating list', listId);
      // A published list never changes: its id, publication time and format name one file for good. A draft is
      // staff's, and a re-run replaces it: no validator, never stored.
      if (list.status === 'PUBLISHED' && list.publishedAt !== null) {
        const etag = `"list-${list.id}-${list.publishedAt.getTime()}.${format}"`;
        if (answeredNotModified(req, res, etag, cacheControlFor(req.viewer, PUBLISHED_LIST_MAX_AGE_SECONDS))) return;
      } else res.setHeader('cache-control', STAFF_CACHE_CONTROL);
      // Who may see the list was decided just above.
      const file = await exportRatingList(db, list.id, format, { allowDraft: true });
      res.setHeader('content-type', file.contentType);
      res.setHeader('content-disposition', `attachment; filename="${file.fileName}"`);
      await stream(res, file.chunks);
    } catch (error) {
      sendError(res, error);
    }
  });
  router.get('/pools/:pool/:file', async (req: Request, res: Response) => {
    try {
      if (req.params.file === 'lists.atom') {
        await sendListFeed(db, await poolByCode(db, String(req.params.pool)), req, res, addresses);
        return;
      }
      const match = /^history-(\w+)\.csv$/.exec(String(req.params.file));
      const kind = HISTORY_KINDS.find((known) => known === match?.[1]);
      if (!match || !kind) {
        throw new DomainError(
          'NOT_FOUND',
          `no export named ${req.params.file}: use lists.atom, history-lists.csv or history-tournaments.csv`,
        );
      }
      const pool = await poolByCode(db, String(req.params.pool));
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${pool.code}-${match[0]}"`);
      await stream(res, exportPoolHistory(db, pool.id, kind));
    } catch (error) {
      sendError(res, error);
    }
  });
  router.get('/tournaments/:file', async (req: Request, res: Response) => {
    try {
      const match = /^(\d+)\.trf$/.exec(String(req.params.file));
      if (!match)
        throw new DomainError('NOT_FOUND', `no export named ${req.params.file}: use /exports/tournaments/<id>.trf`);
      const id = parseId(match[1], 'tournament');
      const [tournament] = await tournamentsByIds(db, [id]);
      if (!isVisibleTo(readerOf(req.viewer), tournament)) throw notFound('tournament', id);
      const version = typeof req.query.version === 'string' ? req.query.version : undefined;
      // A query parameter is any text: exportTrf refuses one that names no TRF version (BAD_USER_INPUT `version`).
      const text = await exportTrf(db, id, { version: version as (typeof EXPORT_VERSIONS)[number] | undefined });
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="tournament-${id}.trf"`);
      res.setHeader('cache-control', cacheControlFor(req.viewer, CURRENT_MAX_AGE_SECONDS));
      // send(): Express's ETag of the body, and 304 to a caller who holds it.
      res.send(text);
    } catch (error) {
      sendError(res, error);
    }
  });
  return router;
}
