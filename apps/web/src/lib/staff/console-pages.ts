import type { StaffPage } from '@/i18n/routes';

/**
 * The console's navigation, in menu order, and the roles each page is offered to. The API decides what a
 * role may do (libs/core's permissions); this only keeps a role away from pages it could not use. Rating
 * officers do everything about tournaments, runs and players; administrators manage people and keys; arbiters
 * upload and submit their own tournaments. Officers and administrators may simulate a pool under another system.
 */
export const CONSOLE_PAGES = [
  { page: null, key: 'dashboard', roles: ['ADMIN', 'RATING_OFFICER'] },
  { page: 'tournaments', key: 'tournaments', roles: ['RATING_OFFICER', 'ARBITER'] },
  { page: 'upload', key: 'upload', roles: ['RATING_OFFICER', 'ARBITER'] },
  { page: 'import-list', key: 'importList', roles: ['RATING_OFFICER'] },
  { page: 'runs', key: 'runs', roles: ['RATING_OFFICER'] },
  { page: 'players', key: 'players', roles: ['RATING_OFFICER'] },
  { page: 'simulate', key: 'simulate', roles: ['ADMIN', 'RATING_OFFICER'] },
  { page: 'admin', key: 'admin', roles: ['ADMIN'] },
] as const satisfies readonly { page: StaffPage | null; key: string; roles: readonly string[] }[];

export type ConsoleNavKey = (typeof CONSOLE_PAGES)[number]['key'];

export function consolePagesFor(role: string) {
  return CONSOLE_PAGES.filter((entry) => (entry.roles as readonly string[]).includes(role));
}

/**
 * Whether a role may open a console page: those of its menu, and every page for an administrator (he may do
 * everything; his menu shows his own work only).
 */
export function mayOpenConsolePage(role: string, key: ConsoleNavKey): boolean {
  return role === 'ADMIN' || consolePagesFor(role).some((entry) => entry.key === key);
}

/**
 * Whether a role enters tournaments (the new-tournament and results-entry pages): core's `tournaments:enter`,
 * which administrators do not hold — they read every tournament but enter none.
 */
export function mayEnterTournaments(role: string): boolean {
  return role === 'RATING_OFFICER' || role === 'ARBITER';
}
