import type { StaffPage } from '@/i18n/routes';

/**
 * The console's navigation, in menu order, and the roles each page is offered to. The API decides what a
 * role may do (libs/core's permissions); this only hides the pages a role could not use. Rating officers
 * do everything about tournaments, runs and players; administrators manage people and keys.
 */
export const CONSOLE_PAGES = [
  { page: null, key: 'dashboard', roles: ['ADMIN', 'RATING_OFFICER'] },
  { page: 'tournaments', key: 'tournaments', roles: ['RATING_OFFICER'] },
  { page: 'upload', key: 'upload', roles: ['RATING_OFFICER'] },
  { page: 'runs', key: 'runs', roles: ['RATING_OFFICER'] },
  { page: 'players', key: 'players', roles: ['RATING_OFFICER'] },
  { page: 'admin', key: 'admin', roles: ['ADMIN'] },
] as const satisfies readonly { page: StaffPage | null; key: string; roles: readonly string[] }[];

export type ConsoleNavKey = (typeof CONSOLE_PAGES)[number]['key'];

export function consolePagesFor(role: string) {
  return CONSOLE_PAGES.filter((entry) => (entry.roles as readonly string[]).includes(role));
}
