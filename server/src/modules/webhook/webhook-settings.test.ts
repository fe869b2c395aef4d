import { testConfig } from '../../test/test-config';

// Issue 36: the webhook settings, read once by the configuration loader like every other.

const config = (env: Record<string, string>) => testConfig('postgres://localhost/unused', env);

describe('WEBHOOK_* settings', () => {
  it('default to a 5 s timeout, https only and public targets only', () => {
    expect(config({}).webhooks).toEqual({ timeoutMs: 5000, allowHttp: false, allowPrivateTargets: false });
  });

  it('are read from the environment', () => {
    expect(
      config({ WEBHOOK_TIMEOUT_MS: '250', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes' }).webhooks,
    ).toEqual({ timeoutMs: 250, allowHttp: true, allowPrivateTargets: true });
  });

  it('refuse a timeout under 100 ms, listed with the other problems', () => {
    expect(() => config({ WEBHOOK_TIMEOUT_MS: '50' })).toThrow(/WEBHOOK_TIMEOUT_MS must be an integer >= 100/);
    expect(() => config({ WEBHOOK_TIMEOUT_MS: 'soon' })).toThrow(/WEBHOOK_TIMEOUT_MS must be an integer >= 100/);
  });
});
