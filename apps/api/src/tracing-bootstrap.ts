import type { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * main.ts's first import: with OTEL_TRACING=1, starts tracing before express, graphql and pg are loaded (the
 * instrumentations patch them as they load). Otherwise the OpenTelemetry packages are never loaded.
 */
export const tracing: NodeSDK | null =
  process.env.OTEL_TRACING === '1'
    ? // A synchronous load: an import() would resolve after main.ts's other imports have loaded.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./tracing') as typeof import('./tracing')).startTracing()
    : null;
