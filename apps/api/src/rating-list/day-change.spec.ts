import { jest } from '@jest/globals';
import { readApiConfig } from '../config';
import { createLogger } from '../logger';
import { startDayChangeNotices } from './day-change';
import type { SiteTag } from './revalidate';

describe('startDayChangeNotices: the site is told when the federation’s day changes', () => {
  afterEach(() => jest.useRealTimers());

  it('notifies every list page once, at the federation’s midnight and not at UTC’s', () => {
    jest.useFakeTimers({ now: new Date('2026-11-30T23:59:30Z') }); // 18:59:30 in Toronto
    const config = { ...readApiConfig({}), federationTimeZone: 'America/Toronto' };
    const notices: string[][] = [];
    const announcer = startDayChangeNotices(config, createLogger('silent'), async (_config, _logger, tags) => {
      notices.push([...(tags as ReadonlySet<SiteTag>)]);
    });

    jest.advanceTimersByTime(2 * 60_000); // past midnight UTC: still 30 November in Toronto
    expect(notices).toEqual([]);
    jest.setSystemTime(new Date('2026-12-01T04:59:30Z')); // 23:59:30 in Toronto
    jest.advanceTimersByTime(60_000); // 00:00:30 on 1 December there
    expect(notices).toEqual([['rankings', 'lists', 'players', 'tournaments']]);
    jest.advanceTimersByTime(10 * 60_000);
    expect(notices).toHaveLength(1);

    announcer.stop();
    jest.setSystemTime(new Date('2026-12-02T05:00:30Z'));
    jest.advanceTimersByTime(60_000);
    expect(notices).toHaveLength(1);
  });
});
