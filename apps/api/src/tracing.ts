import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry traces of the API (incoming HTTP, Express, GraphQL operations, PostgreSQL statements), sent over
 * OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the standard variables apply; default http://localhost:4318).
 * Loaded by tracing-bootstrap.ts only when OTEL_TRACING=1, before the modules it instruments.
 */
export function startTracing(): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'ratings-api',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation(),
      new ExpressInstrumentation(),
      // One span per list rather than per item, and none for fields that only read a property.
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  return sdk;
}
