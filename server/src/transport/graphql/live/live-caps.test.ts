import { ManualClock } from '../../../test/manual-clock';
import { testConfig } from '../../../test/test-config';
import { SocketSlots } from './socket-slots';
import { SubscribeBudget } from './subscribe-budget';

describe('SubscribeBudget (a token bucket on the injected clock)', () => {
  it('allows a burst of perMinute, then one per 60/perMinute seconds, never more than perMinute saved up', () => {
    const clock = new ManualClock();
    const budget = new SubscribeBudget(12, clock);
    expect(Array.from({ length: 13 }, () => budget.take())).toEqual([...Array(12).fill(true), false]);
    clock.advance(4_999);
    expect(budget.take()).toBe(false);
    clock.advance(1);
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    clock.advance(60 * 60_000); // an idle hour saves up one minute's worth, not sixty
    expect(Array.from({ length: 13 }, () => budget.take()).filter(Boolean)).toHaveLength(12);
  });
});

describe('SocketSlots', () => {
  it('caps each key, releases once per slot, and keeps no empty entries', () => {
    const slots = new SocketSlots(2);
    const a = slots.take('u1');
    const b = slots.take('u1');
    expect([a, b].every(Boolean)).toBe(true);
    expect([slots.take('u1'), slots.free('u1'), slots.free('u2')]).toEqual([null, false, true]);
    a!();
    a!(); // twice: still one slot back
    expect(slots.count('u1')).toBe(1);
    b!();
    expect([slots.count('u1'), slots.size]).toEqual([0, 0]);
  });
});

describe('LIVE_* settings', () => {
  it('default to safe caps and list every bad value at start', () => {
    expect(testConfig('postgres://x@127.0.0.1/db').live).toEqual({
      maxSocketsPerUser: 10,
      maxSocketsPerIp: 50,
      maxSubscriptionsPerSocket: 10,
      maxMessageBytes: 16_384,
      subscribePerMinute: 60,
    });
    const bad = () =>
      testConfig('postgres://x@127.0.0.1/db', {
        LIVE_MAX_SOCKETS_PER_USER: '0',
        LIVE_MAX_SOCKETS_PER_IP: 'many',
        LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET: '-1',
        LIVE_MAX_MESSAGE_BYTES: '512',
        LIVE_SUBSCRIBE_PER_MINUTE: '1.5',
      });
    expect(bad).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(
          /LIVE_MAX_SOCKETS_PER_USER[\s\S]*LIVE_MAX_SOCKETS_PER_IP[\s\S]*LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET[\s\S]*LIVE_MAX_MESSAGE_BYTES must be an integer >= 1024[\s\S]*LIVE_SUBSCRIBE_PER_MINUTE/,
        ),
      }),
    );
  });
});
