import { dateIn } from '@ratings/core';
import type { ApiConfig } from '../config';
import type { Logger } from '../logger';
import { notifySite, PUBLICATION_TAGS } from './revalidate';

/** How often the federation's date is looked at. */
const DAY_CHECK_MS = 60_000;

/**
 * Which list is in force changes with the federation's day (a list published ahead of its date comes into force at
 * its midnight): the site keeps its pages until told, so it is told then, as after a publication. (The response
 * cache keys its answers on the day already; HTTP caches keep an answer a minute at most.)
 */
export function startDayChangeNotices(
  config: ApiConfig,
  logger: Logger,
  notify: typeof notifySite = notifySite,
): { stop(): void } {
  let today = dateIn(config.federationTimeZone);
  const timer = setInterval(() => {
    const now = dateIn(config.federationTimeZone);
    if (now === today) return;
    today = now;
    void notify(config, logger, new Set(PUBLICATION_TAGS));
  }, DAY_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
