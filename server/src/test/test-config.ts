import { Config, loadConfig } from '../kernel/config';

/** Configuration for tests: real loader, test environment, fixed secret, quiet logs. */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    TOTP_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'silent',
    CLIENT_DIST: '/nonexistent-client-dist',
    RATE_LIMIT_IP_HOURLY: '1000000',
    RATE_LIMIT_CONTACT_HOURLY: '1000000',
    RATE_LIMIT_GRAPHQL_GUEST_PER_MINUTE: '1000000',
    RATE_LIMIT_API_KEY_FAILURES_PER_MINUTE: '1000000',
    ...overrides,
  });
}
