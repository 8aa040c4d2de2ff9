import compression from 'compression';
import cors from 'cors';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { MAX_TRF_CHARACTERS } from '@ratings/core';
import { ErrorCode } from './errors';

/**
 * The HTTP layer around GraphQL and the downloads: security headers, what a request must be to be read (its
 * path, content type and body size), and the JSON error for each request refused before GraphQL sees it.
 */

/**
 * Every answer is data (JSON, CSV, TRF, text), never a page: nothing in it may run, load or be framed. Helmet's
 * other defaults stay (nosniff, Referrer-Policy: no-referrer, HSTS …).
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
});

/**
 * Browser applications on any origin may read the public API (GraphQL and the downloads). No cookie ever
 * authenticates a call (staff and API keys send a bearer token, which a page of another origin does not have), so
 * credentials stay off and a page elsewhere can do nothing its own token does not allow. Preflights are answered
 * here, before the quota. The headers a client needs to read (quota, cache validators) are exposed.
 */
export const publicCors = cors({
  origin: '*',
  methods: ['GET', 'POST'],
  allowedHeaders: [
    'content-type',
    'authorization',
    'apollo-require-preflight',
    'x-apollo-operation-name',
    'x-request-id',
  ],
  exposedHeaders: [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'RateLimit-Policy',
    'Retry-After',
    'ETag',
    'x-request-id',
  ],
  credentials: false,
  maxAge: 86_400,
});

/** gzip or br, as the caller asks (Accept-Encoding), for answers above compression's 1 KB threshold. */
export const compressAnswers = compression();

/** The origin a request came to: its protocol and Host (as Express reads them behind the trusted proxies). */
export const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** Largest body of an anonymous or API-key request: a query with its variables, never bulk data. */
export const MAX_PUBLIC_BODY_BYTES = 200 * 1024;
/**
 * What one character of a text file costs at most once written in a JSON string, in UTF-8 bytes: 3 for a
 * character of the Basic Multilingual Plane (a surrogate pair is 4 bytes for 2 characters), 2 for an escaped
 * line break, tab, quote or backslash. (Other control characters, 6 bytes as \u00XX, have no place in a TRF.)
 */
const JSON_BYTES_PER_TEXT_CHARACTER = 3;
/**
 * Largest body of a signed-in staff member's request: an importTrf of the largest file the import accepts,
 * plus what a public request may hold for the query and the other variables. Only staff may import, so only
 * they may make the server read a body that large.
 */
export const MAX_STAFF_BODY_BYTES = MAX_TRF_CHARACTERS * JSON_BYTES_PER_TEXT_CHARACTER + MAX_PUBLIC_BODY_BYTES;

const bytes = (count: number) => `${count.toLocaleString('en-US')} bytes`;

/** The error JSON every refusal of this layer answers with (the GraphQL shape, so clients read one format). */
function sendError(res: Response, status: number, code: ErrorCode, message: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/** `%zz` or bytes that are not UTF-8 in a path: the router could not say what was asked for. */
export function requireDecodablePath(req: Request, res: Response, next: NextFunction): void {
  try {
    decodeURIComponent(req.path);
  } catch {
    sendError(
      res,
      400,
      ErrorCode.BAD_REQUEST,
      'the request path is not valid percent-encoding: each % must start an escape of two hex digits, and the escapes must spell UTF-8',
    );
    return;
  }
  next();
}

const publicJson = express.json({ limit: MAX_PUBLIC_BODY_BYTES });
const staffJson = express.json({ limit: MAX_STAFF_BODY_BYTES });

/**
 * Reads a GraphQL request's JSON body within the caller's limit (after the viewer gate: staff get the import's
 * limit). A body of another type is refused here; a request without a body (GET) goes on to Apollo.
 */
export function graphqlBody(req: Request, res: Response, next: NextFunction): void {
  if (req.is('application/json') === false) {
    sendError(
      res,
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Content-Type ${JSON.stringify(req.header('content-type') ?? '')} is not supported: send the request as application/json`,
    );
    return;
  }
  (req.viewer.kind === 'staff' ? staffJson : publicJson)(req, res, next);
}

/** What body-parser (express.json) raises, as http-errors documents it: `type` says what went wrong. */
interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message: string;
  encoding?: string;
  charset?: string;
}

/** Each refusal body-parser can raise, by its `type`, as the API answers it. */
const BODY_PARSER_REFUSALS: Readonly<
  Record<string, { status: number; code: ErrorCode; message: (error: BodyParserError, req: Request) => string }>
> = {
  'entity.too.large': {
    status: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: (_error, req) =>
      req.viewer.kind === 'staff'
        ? `the request body is larger than the limit of ${bytes(MAX_STAFF_BODY_BYTES)} (a TRF file of ${MAX_TRF_CHARACTERS.toLocaleString('en-US')} characters, the import's limit, written as JSON)`
        : `the request body is larger than the limit of ${bytes(MAX_PUBLIC_BODY_BYTES)}; staff signed in may send up to ${bytes(MAX_STAFF_BODY_BYTES)} (a TRF import)`,
  },
  'entity.parse.failed': {
    status: 400,
    code: ErrorCode.MALFORMED_JSON,
    message: ({ message }) => `the request body is not valid JSON: ${message}`,
  },
  'encoding.unsupported': {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: ({ encoding }) =>
      `Content-Encoding ${JSON.stringify(encoding)} is not supported: send the body as is, or with gzip, deflate or br`,
  },
  'charset.unsupported': {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: ({ charset }) => `charset ${JSON.stringify(charset)} is not supported: send JSON in UTF-8`,
  },
  'request.size.invalid': {
    status: 400,
    code: ErrorCode.BAD_REQUEST,
    message: () => 'the request body does not have the length its Content-Length header gives',
  },
};

/**
 * The last middleware: a request error raised by body-parser or the router (a 4xx http-errors error) is
 * answered with its status and a clear message; anything else is a bug, logged with the request id and
 * answered 500 without details.
 */
export const httpErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const refused = error as BodyParserError;
  const known = refused.type === undefined ? undefined : BODY_PARSER_REFUSALS[refused.type];
  if (known) return sendError(res, known.status, known.code, known.message(refused, req));
  if (refused.expose && refused.status !== undefined && refused.status >= 400 && refused.status < 500) {
    return sendError(res, refused.status, ErrorCode.BAD_REQUEST, `the request could not be read: ${refused.message}`);
  }
  req.log.error({ err: error }, 'unhandled error');
  sendError(res, 500, ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error');
};
