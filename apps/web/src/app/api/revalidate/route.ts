import { revalidateTag } from 'next/cache';
import { isAuthorized, parseRevalidateBody } from '@/lib/revalidate-request';

/**
 * Called by the API when it publishes or republishes a list, so the pages built from the old data are
 * refetched. The tags expire at once (`expire: 0`): after a publication nobody should see the old list.
 */
export async function POST(request: Request): Promise<Response> {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret)
    return Response.json({ error: 'revalidation is disabled: REVALIDATE_SECRET is not set' }, { status: 503 });
  if (!isAuthorized(request.headers.get('authorization'), secret)) {
    return Response.json(
      { error: 'missing or wrong bearer token' },
      { status: 401, headers: { 'www-authenticate': 'Bearer' } },
    );
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: 'body must be JSON: { "tags": string[] }' }, { status: 400 });
  }
  const parsed = parseRevalidateBody(body);
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400 });
  for (const tag of parsed.tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ revalidated: parsed.tags });
}
