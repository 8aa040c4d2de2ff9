import type { E2eGlobals } from './global-setup';
import { stopWebServer } from './server';

export default async function globalTeardown(): Promise<void> {
  const globals = (globalThis as { e2e?: E2eGlobals }).e2e;
  if (!globals) return;
  await stopWebServer(globals.web);
  await globals.api.stop();
}
