import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders, signWebhook } from './webhook-signature';

// Issue 36: signatures per Standard Webhooks, checked with its reference library.

describe('webhook signatures', () => {
  const body = JSON.stringify({ type: 'deposit.confirmed', timestamp: '2030-01-01T00:00:00.000Z', data: {} });
  const now = () => Math.floor(Date.now() / 1000);

  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs so that standardwebhooks verifies, and a changed byte does not', () => {
    const secret = newWebhookSecret();
    const at = now();
    const headers = signedHeaders([secret], 'msg_1', at, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(secret).sign('msg_1', new Date(at * 1000), body)).toBe(headers['webhook-signature']);
    expect(() => new Webhook(secret).verify(body.replace('confirmed', 'declined'), headers)).toThrow(/signature/);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/signature/);
  });

  it('sends one signature per live secret during a rotation: either secret verifies', () => {
    const [fresh, old] = [newWebhookSecret(), newWebhookSecret()];
    const at = now();
    const headers = signedHeaders([fresh, old], 'msg_2', at, body);
    expect(headers['webhook-signature'].split(' ')).toEqual([
      signWebhook(fresh, 'msg_2', at, body),
      signWebhook(old, 'msg_2', at, body),
    ]);
    for (const secret of [fresh, old]) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
