import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of the real API that counts the GraphQL operations a site sends, by
 * `operationName`: the revalidation suite reads from it which pages were answered from the site's
 * cache and which went to the API. It forwards every request unchanged and answers what the API answers.
 */
export interface ApiRecorder {
  /** The GraphQL URL to give the site as API_URL. */
  url: string;
  /** How many times the site has sent an operation. */
  count(operationName: string): number;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startApiRecorder(apiGraphqlUrl: string): Promise<ApiRecorder> {
  const counts = new Map<string, number>();
  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (request.method === 'POST') {
      const { operationName } = JSON.parse(body.toString('utf8')) as { operationName?: string };
      const name = operationName ?? '(anonymous)';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const answer = await fetch(apiGraphqlUrl, {
      method: request.method,
      headers: {
        'content-type': request.headers['content-type'] ?? 'application/json',
        accept: request.headers.accept ?? 'application/json',
      },
      body: request.method === 'POST' ? body.toString('utf8') : undefined,
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`recorder: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    count: (operationName) => counts.get(operationName) ?? 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
