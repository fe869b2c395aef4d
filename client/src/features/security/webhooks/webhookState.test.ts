import { inOfferedOrder } from './webhookEvents';
import { answerText, deliveryChip, endpointState, isFuture, shortUrl, urlProblem } from './webhookState';

describe('webhook endpoint and delivery states', () => {
  it('is disabled, failing or enabled', () => {
    expect(endpointState({ enabled: false, failingSince: '2026-01-01T00:00:00Z' })).toBe('disabled');
    expect(endpointState({ enabled: true, failingSince: '2026-01-01T00:00:00Z' })).toBe('failing');
    expect(endpointState({ enabled: true, failingSince: null })).toBe('enabled');
  });

  it('names an endpoint by its URL without the scheme and trailing slash', () => {
    expect(shortUrl('https://hooks.example.com/')).toBe('hooks.example.com');
    expect(shortUrl('http://10.0.0.5:8080/in?t=1')).toBe('10.0.0.5:8080/in?t=1');
  });

  it('checks a URL by its form only (the server checks where it leads)', () => {
    expect(urlProblem('https://hooks.example.com/in')).toBeUndefined();
    expect(urlProblem(' http://localhost:3000/ ')).toBeUndefined();
    expect(urlProblem('hooks.example.com')).toBe('enter the full address, starting with https://');
    expect(urlProblem('ftp://hooks.example.com')).toBe('the address must start with https://');
    expect(urlProblem('https://me:pw@hooks.example.com')).toBe('the address must not hold a user name or password');
  });

  it('reads a delivery: waiting for a later attempt is retrying; the answer or why there is none', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    const later = '2026-03-04T10:05:00Z';
    expect(deliveryChip({ status: 'QUEUED', attempts: 0, nextAttemptAt: new Date(now).toISOString() }, now).label).toBe(
      'Queued',
    );
    expect(deliveryChip({ status: 'QUEUED', attempts: 2, nextAttemptAt: later }, now)).toEqual({
      label: 'Retrying',
      color: 'warning',
    });
    // Sent again by hand: due now.
    expect(deliveryChip({ status: 'QUEUED', attempts: 2, nextAttemptAt: '2026-03-04T10:00:00Z' }, now).label).toBe(
      'Queued',
    );
    expect(deliveryChip({ status: 'DELIVERED', attempts: 1, nextAttemptAt: null }).color).toBe('success');
    expect(deliveryChip({ status: 'FAILED', attempts: 9, nextAttemptAt: null }).color).toBe('error');
    expect(deliveryChip({ status: 'SENDING', attempts: 0, nextAttemptAt: null }).label).toBe('Sending');
    expect(answerText({ responseStatus: 204, attempts: 1 })).toBe('HTTP 204');
    expect(answerText({ responseStatus: null, attempts: 1 })).toBe('No answer');
    expect(answerText({ responseStatus: null, attempts: 0 })).toBe('Not sent yet');
  });

  it('tells times to come from past ones', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    expect(isFuture('2026-03-04T10:00:01Z', now)).toBe(true);
    expect(isFuture('2026-03-04T10:00:00Z', now)).toBe(false);
    expect(isFuture(null, now)).toBe(false);
  });

  it("sends chosen events in the server's order, unknown ones last", () => {
    expect(inOfferedOrder(['b', 'x', 'a'], ['a', 'b', 'c'])).toEqual(['a', 'b', 'x']);
  });
});
