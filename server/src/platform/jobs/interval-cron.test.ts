import { cronForInterval } from './interval-cron';

// pg-boss's cron counts whole minutes: an interval becomes the shortest even cron period at least as long.

describe('cronForInterval', () => {
  it.each([
    [1, '* * * * *', 60],
    [59, '* * * * *', 60],
    [60, '* * * * *', 60], // the settlement sweep
    [61, '*/2 * * * *', 120],
    [90, '*/2 * * * *', 120],
    [120, '*/2 * * * *', 120],
    [300, '*/5 * * * *', 300], // the mail requeue, the default price refresh
    [420, '*/10 * * * *', 600], // 7 minutes do not divide an hour
    [1800, '*/30 * * * *', 1800],
    [2700, '0 * * * *', 3600],
    [3600, '0 * * * *', 3600], // the hourly clean-ups
    [5400, '0 */2 * * *', 7200],
    [5 * 3600, '0 */6 * * *', 6 * 3600],
    [86_400, '0 0 * * *', 86_400],
  ])('%p s -> "%s" (every %p s)', (seconds, cron, every) => {
    expect(cronForInterval(seconds)).toEqual({ cron, seconds: every });
  });

  it('refuses intervals that are not positive, or longer than a day', () => {
    for (const bad of [0, -60, Number.NaN, Number.POSITIVE_INFINITY, 86_401])
      expect(() => cronForInterval(bad)).toThrow(/positive|longer than a day/);
  });
});
