'use client';

import { useEffect } from 'react';
import { useErrorMessages } from '@/components/error-messages';
import { fillTemplate } from '@/i18n/format';
import { apiFailureKind } from '@/lib/api-error';

/**
 * What a page shows when rendering it failed, in the page's language: an API outage says so and
 * offers to try again (`retry` refetches the page's data); any other failure gets a general message.
 * Server error messages never reach the browser, only the digest that tells the kind apart.
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const { homeHref, text } = useErrorMessages();
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const kind = apiFailureKind(digest);
  const message = kind === 'unavailable' ? text.apiUnavailable : kind === 'graphql' ? text.apiError : text.generic;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section
      className="status-page"
      role="alert"
      aria-labelledby="error-heading"
      data-page="error"
      data-error-kind={kind}
    >
      {/* A page that streamed its skeleton keeps status 200 when its data then fails: keep the error out of search indexes (React hoists this to <head>). */}
      <meta name="robots" content="noindex" />
      {/* The page's own metadata read the same failed API: the error names the tab itself. */}
      <title>{message.heading}</title>
      <h1 id="error-heading">{message.heading}</h1>
      <p>{message.message}</p>
      {digest && <p className="muted">{fillTemplate(text.reference, { digest })}</p>}
      <div className="action-row">
        <button type="button" className="button" onClick={() => retry()}>
          {text.retry}
        </button>
        <a href={homeHref}>{text.homeLink}</a>
      </div>
    </section>
  );
}
