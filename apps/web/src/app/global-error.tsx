'use client';

import './globals.css';

/**
 * Last resort when the root layout itself fails: no dictionary or language is known here, so the
 * message is given in both languages.
 */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="fr">
      <body>
        <title>Erreur · Error</title>
        <main id="main" className="container site-main">
          <section className="status-page" role="alert">
            <h1>Le site est momentanément indisponible</h1>
            <p>Réessayez dans quelques instants.</p>
            <h2 lang="en">The site is temporarily unavailable</h2>
            <p lang="en">Please try again in a few moments.</p>
            <div className="action-row">
              <button type="button" className="button" onClick={() => retry()}>
                Réessayer · <span lang="en">Try again</span>
              </button>
            </div>
          </section>
        </main>
      </body>
    </html>
  );
}
