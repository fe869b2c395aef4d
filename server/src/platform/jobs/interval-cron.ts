/** Minute steps that cron repeats evenly within an hour, and hour steps that it repeats evenly within a day. */
const MINUTE_STEPS = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30];
const HOUR_STEPS = [1, 2, 3, 4, 6, 8, 12, 24];

/** A periodic task's timetable: the cron expression (UTC) and the period it repeats at, in seconds. */
export interface CronPeriod {
  cron: string;
  seconds: number;
}

/**
 * Translates "every `intervalSeconds`" into the cron expression pg-boss's `schedule()` takes.
 * Cron counts whole minutes and restarts its steps each hour and day, so an interval becomes the
 * shortest even period that is at least as long: under a minute -> every minute, 90 s -> 2 min,
 * 7 min -> 10 min, 45 min -> 1 h, 5 h -> 6 h. Longer than a day is refused (nothing needs it).
 * Why not the exact interval: pg-boss's cron monitor sends at most once per schedule and minute.
 */
export function cronForInterval(intervalSeconds: number): CronPeriod {
  if (!Number.isFinite(intervalSeconds) || intervalSeconds <= 0)
    throw new Error(`a periodic interval must be a positive number of seconds (got ${intervalSeconds})`);
  const minutes = Math.ceil(intervalSeconds / 60);
  const m = MINUTE_STEPS.find((step) => step >= minutes);
  if (m !== undefined) return { cron: m === 1 ? '* * * * *' : `*/${m} * * * *`, seconds: m * 60 };
  const h = HOUR_STEPS.find((step) => step * 60 >= minutes);
  if (h === undefined) throw new Error(`a periodic interval of ${intervalSeconds} s is longer than a day`);
  const cron = h === 1 ? '0 * * * *' : h === 24 ? '0 0 * * *' : `0 */${h} * * *`;
  return { cron, seconds: h * 3600 };
}
