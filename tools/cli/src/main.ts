import { runCli } from './cli';
import { processIo } from './io';

// `ratings export … | head`: the reader has what it wanted; stop quietly instead of failing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

void runCli(process.argv.slice(2), { io: processIo() }).then((code) => {
  process.exitCode = code;
});
