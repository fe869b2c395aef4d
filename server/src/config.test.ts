import { loadConfig } from './config';

describe('configuration', () => {
  it('refuses to start in production with unsafe defaults, listing every problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required[\s\S]*WALLETS_FILE is required[\s\S]*DATABASE_URL is required[\s\S]*SMTP_URL is required/,
    );
  });

  it('accepts a complete production configuration and freezes it', () => {
    const cfg = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      WALLETS_FILE: 'config/wallets.example.json',
      DATABASE_URL: 'postgres://db/app',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://cryptovest.example',
    });
    expect(cfg.isProduction).toBe(true);
    expect(cfg.graphql.introspection).toBe(false);
    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together and caps token lifetime at 60 minutes', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'a@b.c' })).toThrow(/set together/);
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), JWT_TTL_MINUTES: '600' }).jwtTtlMinutes).toBe(60);
  });
});
