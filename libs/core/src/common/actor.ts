import type { StaffRole } from '@ratings/db';

/**
 * Who performs a use case. Staff come from a signed-in token; `system` is a process acting on the
 * operator's behalf (the CLI, the demo seeder), trusted like an administrator on the machine it runs on.
 */
export type Actor =
  | { readonly kind: 'staff'; readonly staffId: number; readonly role: StaffRole; readonly label: string }
  | { readonly kind: 'system'; readonly label: string };

/** What every write use case receives besides its input: who acts, and the request to correlate logs with. */
export interface WriteContext {
  readonly actor: Actor;
  readonly requestId?: string | null;
}

export const systemActor = (label: string): WriteContext => ({ actor: { kind: 'system', label } });
