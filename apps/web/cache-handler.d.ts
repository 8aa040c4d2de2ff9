/** The types of cache-handler.js (plain JavaScript, loaded by Next.js at run time), for its spec. */
declare class RouteCacheHandler {
  constructor(options?: { maxBytes?: number; reset?: boolean });
  get(
    key: string,
    context?: { tags?: string[]; softTags?: string[] },
  ): Promise<{ lastModified: number; value: { status?: number } } | null>;
  set(key: string, value: unknown, context?: { tags?: string[]; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
  usage(): { entries: number; bytes: number };
}
export = RouteCacheHandler;
