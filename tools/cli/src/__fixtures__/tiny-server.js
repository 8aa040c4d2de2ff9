'use strict';
// A small HTTP server standing in for the API or the site under the supervisor (supervisor.spec.ts): prints
// "listening on <port> (pid <pid>)", and stops on SIGTERM, or ignores it with --ignore-sigterm (a server that
// hangs).
const http = require('node:http');

const server = http.createServer((_request, response) => response.end('ok'));
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening on ${server.address().port} (pid ${process.pid})\n`),
);
process.on('SIGTERM', () => {
  if (!process.argv.includes('--ignore-sigterm')) server.close(() => process.exit(0));
});
