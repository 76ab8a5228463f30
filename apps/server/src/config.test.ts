import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, EnvSchema, loadConfig } from './config.js';
import { DEFAULT_WEB_DIST_DIR, SERVER_ROOT } from './paths.js';

const problemsOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig', () => {
  it('starts with no variables set at all', () => {
    expect(loadConfig({}, '/srv/pictura')).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      dataDir: '/srv/pictura/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      webDistDir: DEFAULT_WEB_DIST_DIR,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      rateLimitMax: 600,
      serveWeb: false,
      demoCatalog: true,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      smtpUrl: undefined,
      mailFrom: 'Pictura <no-reply@localhost>',
      authRateLimitIpMax: 10,
      authRateLimitEmailMax: 10,
    });
  });

  it('finds the web build next to the server package', () => {
    expect(DEFAULT_WEB_DIST_DIR).toBe(join(SERVER_ROOT, '..', 'web', 'dist'));
    expect(existsSync(join(SERVER_ROOT, 'package.json'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: '/var/lib/pictura',
        DATABASE_URL: 'postgres://shop:secret@db:5432/pictura',
        REDIS_URL: 'redis://cache:6379',
        WEB_DIST_DIR: 'web',
        PUBLIC_URL: 'https://pictura.example/',
        TRUST_PROXY: 'true',
        RATE_LIMIT_MAX: '100',
        SERVE_WEB: '0',
        DEMO_CATALOG: 'false',
        JWT_SECRET: 's'.repeat(32),
        ACCESS_TOKEN_TTL_SECONDS: '60',
        SMTP_URL: 'smtp://mailer:secret@mail.example:587',
        MAIL_FROM: 'Shop <shop@pictura.example>',
        AUTH_RATE_LIMIT_IP_MAX: '50',
        AUTH_RATE_LIMIT_EMAIL_MAX: '20',
      },
      '/srv/pictura',
    );

    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'warn',
      dataDir: '/var/lib/pictura',
      databaseUrl: 'postgres://shop:secret@db:5432/pictura',
      redisUrl: 'redis://cache:6379',
      webDistDir: '/srv/pictura/web',
      publicUrl: 'https://pictura.example',
      trustProxy: true,
      rateLimitMax: 100,
      serveWeb: false,
      demoCatalog: false,
      jwtSecret: 's'.repeat(32),
      accessTokenTtlSeconds: 60,
      smtpUrl: 'smtp://mailer:secret@mail.example:587',
      mailFrom: 'Shop <shop@pictura.example>',
      authRateLimitIpMax: 50,
      authRateLimitEmailMax: 20,
    });
  });

  it('serves the web app by default in production only, and derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).serveWeb).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).serveWeb).toBe(false);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('refuses to start naming every bad variable, without echoing their values', () => {
    const message = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root:hunter2@db/shop',
      NODE_ENV: 'prod',
    });

    expect(message).toMatch(/PORT: must be a whole number from 0 to 65535/);
    expect(message).toMatch(
      /DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    );
    expect(message).toMatch(/NODE_ENV: /);
    expect(message).not.toContain('hunter2');
  });

  it('refuses out-of-range numbers and flags that are not booleans', () => {
    expect(problemsOf({ PORT: '70000' })).toMatch(/PORT:/);
    expect(problemsOf({ RATE_LIMIT_MAX: '0' })).toMatch(/RATE_LIMIT_MAX:/);
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toMatch(/TRUST_PROXY: must be true or false/);
    expect(problemsOf({ REDIS_URL: 'localhost:6379' })).toMatch(/REDIS_URL:/);
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toMatch(/LOG_LEVEL:/);
  });

  it('refuses a short JWT secret without echoing it, and mail settings that are not SMTP', () => {
    const message = problemsOf({ JWT_SECRET: 'hunter2', SMTP_URL: 'http://mail.example' });

    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).toMatch(/SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\//);
    expect(message).not.toContain('hunter2');
    expect(problemsOf({ ACCESS_TOKEN_TTL_SECONDS: '0' })).toMatch(/ACCESS_TOKEN_TTL_SECONDS:/);
  });

  it('sends mail from the PUBLIC_URL host unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example:8443' }).mailFrom).toBe(
      'Pictura <no-reply@shop.example>',
    );
  });
});

describe('CONFIG_VARIABLES', () => {
  it('documents exactly the variables that are read', () => {
    expect(CONFIG_VARIABLES.map((variable) => variable.name).sort()).toEqual(
      Object.keys(EnvSchema.shape).sort(),
    );
  });

  it('are all in the README configuration table', () => {
    const readme = readFileSync(join(SERVER_ROOT, '..', '..', 'README.md'), 'utf8');
    const tableRows = readme.split('\n').filter((line) => line.startsWith('|'));

    const missing = CONFIG_VARIABLES.filter(
      ({ name }) => !tableRows.some((row) => row.startsWith(`| \`${name}\` |`)),
    );
    expect(missing.map(({ name }) => name)).toEqual([]);
  });
});
