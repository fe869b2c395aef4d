import { relativeTime } from '../notifications/relativeTime';
import { formatCountdown, msUntil } from './countdown';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatCountdown', () => {
  it('shows days, hours and minutes from a day on', () => {
    expect(formatCountdown(d + 2 * h + 5 * m)).toBe('1 d 02 h 05 m');
    expect(formatCountdown(3 * d)).toBe('3 d 00 h 00 m');
  });

  it('shows hours, minutes and seconds under a day, minutes and seconds under an hour', () => {
    expect(formatCountdown(24 * h - s)).toBe('23 h 59 m 59 s');
    expect(formatCountdown(2 * h + 5 * m + 9 * s)).toBe('2 h 05 m 09 s');
    expect(formatCountdown(5 * m + 9 * s)).toBe('5 m 09 s');
    expect(formatCountdown(9 * s)).toBe('9 s');
  });

  it('rounds up to whole seconds, so it never shows 0 s before the moment', () => {
    expect(formatCountdown(1)).toBe('1 s');
    expect(formatCountdown(59 * s + 1)).toBe('1 m 00 s');
  });

  it('shows 0 s once the moment passed, or for nonsense', () => {
    expect(formatCountdown(0)).toBe('0 s');
    expect(formatCountdown(-5 * s)).toBe('0 s');
    expect(formatCountdown(Number.NaN)).toBe('0 s');
  });

  it('counts from now to an ISO time', () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    expect(msUntil('2026-11-23T10:00:00.000Z', now)).toBe(d);
    expect(formatCountdown(msUntil('2026-11-22T09:00:00.000Z', now))).toBe('0 s');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-22T10:00:00.000Z');

  it('says just now, minutes or hours ago within a day, else the date and time', () => {
    expect(relativeTime('2026-11-22T09:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-22T09:55:00.000Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-11-22T07:00:00.000Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-11-20T10:00:00.000Z', now)).toMatch(/^20 Nov 2026, \d\d:\d\d$/);
  });
});
