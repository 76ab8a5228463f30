import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config-variables.js';
import { ConfigError, EnvSchema, loadConfig } from './config.js';
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
      publicUrlSet: false,
      imageGeneration: { provider: 'procedural' },
      c2pa: { certificate: undefined, tsaUrl: undefined },
      generation: {
        worker: true,
        concurrency: 1,
        rateLimitMax: 10,
        moderationBlocklist: undefined,
      },
      trustProxy: false,
      rateLimitMax: 600,
      serveWeb: false,
      demoCatalog: true,
      jwtSecret: undefined,
      jwtSecretPrevious: [],
      accessTokenTtlSeconds: 900,
      smtpUrl: undefined,
      objectStorage: undefined,
      mailFrom: 'Pictura <no-reply@localhost>',
      authRateLimitIpMax: 10,
      authRateLimitEmailMax: 10,
      paymentProvider: 'sandbox',
      stripe: undefined,
      supportEmail: 'support@localhost',
      recordRetentionYears: 10,
      shop: {
        name: 'Pictura Demo S.L.',
        address: 'Calle de la Demostración 1, 28001 Madrid, Spain',
        vatNumber: 'ESX0000000X',
      },
      metrics: undefined,
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
        TRUST_PROXY: '10.0.0.0/8, 192.168.1.7',
        RATE_LIMIT_MAX: '100',
        SERVE_WEB: '0',
        DEMO_CATALOG: 'false',
        JWT_SECRET: 's'.repeat(32),
        ACCESS_TOKEN_TTL_SECONDS: '60',
        SMTP_URL: 'smtp://mailer:secret@mail.example:587',
        S3_BUCKET: 'pictura-files',
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'pictura',
        S3_SECRET_ACCESS_KEY: 's3-secret',
        S3_FORCE_PATH_STYLE: 'false',
        MAIL_FROM: 'Shop <shop@pictura.example>',
        AUTH_RATE_LIMIT_IP_MAX: '50',
        AUTH_RATE_LIMIT_EMAIL_MAX: '20',
        PAYMENT_PROVIDER: 'stripe',
        ALLOW_SANDBOX_PAYMENTS: 'false',
        STRIPE_SECRET_KEY: 'sk_test_123456',
        STRIPE_WEBHOOK_SECRET: 'whsec_123456',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
        SUPPORT_EMAIL: 'help@pictura.example',
        SHOP_LEGAL_NAME: 'Pictura Art SL',
        SHOP_ADDRESS: 'Gran Vía 2, 28013 Madrid, Spain',
        SHOP_VAT_NUMBER: 'ESB12345678',
        RECORD_RETENTION_YEARS: '6',
        IMAGE_PROVIDER: 'openai',
        IMAGE_API_URL: 'http://127.0.0.1:8100/',
        IMAGE_API_KEY: 'sk-images',
        IMAGE_API_MODEL: 'dall-e-3',
        IMAGE_API_TIMEOUT_SECONDS: '30',
        WORKER: '0',
        GENERATION_CONCURRENCY: '2',
        GENERATION_RATE_LIMIT_MAX: '30',
        MODERATION_BLOCKLIST: 'gore, explicit sex ,,',
        C2PA_CERT_CHAIN: '/etc/pictura/c2pa-chain.pem',
        C2PA_KEY: '/etc/pictura/c2pa.key',
        C2PA_TSA_URL: 'http://tsa.example/tsr',
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
      publicUrlSet: true,
      imageGeneration: {
        provider: 'openai',
        apiUrl: 'http://127.0.0.1:8100',
        apiKey: 'sk-images',
        model: 'dall-e-3',
        timeoutSeconds: 30,
      },
      c2pa: {
        certificate: { chainPath: '/etc/pictura/c2pa-chain.pem', keyPath: '/etc/pictura/c2pa.key' },
        tsaUrl: 'http://tsa.example/tsr',
      },
      generation: {
        worker: false,
        concurrency: 2,
        rateLimitMax: 30,
        moderationBlocklist: ['gore', 'explicit sex'],
      },
      trustProxy: { addresses: ['10.0.0.0/8', '192.168.1.7'] },
      rateLimitMax: 100,
      serveWeb: false,
      demoCatalog: false,
      jwtSecret: 's'.repeat(32),
      jwtSecretPrevious: [],
      accessTokenTtlSeconds: 60,
      smtpUrl: 'smtp://mailer:secret@mail.example:587',
      objectStorage: {
        bucket: 'pictura-files',
        endpoint: 'http://minio.internal:9000',
        region: 'eu-central-1',
        forcePathStyle: false,
        credentials: { accessKeyId: 'pictura', secretAccessKey: 's3-secret' },
      },
      mailFrom: 'Shop <shop@pictura.example>',
      authRateLimitIpMax: 50,
      authRateLimitEmailMax: 20,
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_123456',
        webhookSecret: 'whsec_123456',
        apiUrl: 'http://127.0.0.1:12111',
      },
      supportEmail: 'help@pictura.example',
      recordRetentionYears: 6,
      shop: {
        name: 'Pictura Art SL',
        address: 'Gran Vía 2, 28013 Madrid, Spain',
        vatNumber: 'ESB12345678',
      },
    });
  });

  it('refuses Stripe without its secrets', () => {
    expect(
      problemsOf({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123456' }),
    ).toContain('PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  });

  it('refuses the sandbox at a public PUBLIC_URL unless ALLOW_SANDBOX_PAYMENTS says it is a test shop', () => {
    const refusal =
      'PAYMENT_PROVIDER: sandbox takes no real money and PUBLIC_URL is a public address; set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true for a public test shop';
    const publicShop = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };
    expect(problemsOf(publicShop)).toContain(refusal);
    expect(problemsOf({ ...publicShop, NODE_ENV: 'development' })).toContain(refusal);
    expect(problemsOf({ ...publicShop, ALLOW_SANDBOX_PAYMENTS: 'false' })).toContain(refusal);
    expect(problemsOf({ PUBLIC_URL: 'http://192.168.1.20:3000' })).toContain(refusal);
    expect(loadConfig({ ...publicShop, NODE_ENV: 'test' }).paymentProvider).toBe('sandbox');
    expect(loadConfig({ ...publicShop, ALLOW_SANDBOX_PAYMENTS: 'true' }).paymentProvider).toBe(
      'sandbox',
    );
    // `npm start` on this machine: no public address, so the test shop runs without the flag.
    for (const local of [
      undefined,
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
    ]) {
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: local }).paymentProvider).toBe(
        'sandbox',
      );
    }
    expect(problemsOf({ ALLOW_SANDBOX_PAYMENTS: 'yes' })).toMatch(
      /ALLOW_SANDBOX_PAYMENTS: must be true or false/,
    );
  });

  it('serves the web app by default in production only, and derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' }).serveWeb).toBe(
      true,
    );
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
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toMatch(
      /TRUST_PROXY: must be false, a number of proxies from 1 to 10, or addresses and CIDRs/,
    );
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/TRUST_PROXY:/);
    expect(problemsOf({ REDIS_URL: 'localhost:6379' })).toMatch(/REDIS_URL:/);
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toMatch(/LOG_LEVEL:/);
  });

  it('refuses TRUST_PROXY=true, saying what to write instead, and reads hop counts', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY: true would believe the X-Forwarded-For a client writes itself; write the number of proxies in front of the server \(e\.g\. 1/,
    );
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1/128' }).trustProxy).toEqual({
      addresses: ['loopback', '::1/128'],
    });
  });

  it('refuses a short JWT secret without echoing it, and mail settings that are not SMTP', () => {
    const message = problemsOf({ JWT_SECRET: 'hunter2', SMTP_URL: 'http://mail.example' });

    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).toMatch(/SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\//);
    expect(message).not.toContain('hunter2');
    expect(problemsOf({ ACCESS_TOKEN_TTL_SECONDS: '0' })).toMatch(/ACCESS_TOKEN_TTL_SECONDS:/);
  });

  it('reaches each image API at its usual address unless IMAGE_API_URL says otherwise', () => {
    expect(loadConfig({ IMAGE_PROVIDER: 'openai', IMAGE_API_KEY: 'sk-x' }).imageGeneration).toEqual(
      {
        provider: 'openai',
        apiUrl: 'https://api.openai.com',
        apiKey: 'sk-x',
        model: 'gpt-image-1',
        timeoutSeconds: 120,
      },
    );
    expect(loadConfig({ IMAGE_PROVIDER: 'sd-webui' }).imageGeneration).toMatchObject({
      provider: 'sd-webui',
      apiUrl: 'http://127.0.0.1:7860',
      apiKey: undefined,
    });
  });

  it('refuses image API settings that cannot work, without echoing the key', () => {
    expect(problemsOf({ IMAGE_PROVIDER: 'openai' })).toContain(
      'IMAGE_PROVIDER: openai at api.openai.com needs IMAGE_API_KEY',
    );
    expect(
      loadConfig({ IMAGE_PROVIDER: 'openai', IMAGE_API_URL: 'http://gpu:8080' }),
    ).toMatchObject({ imageGeneration: { apiKey: undefined } });
    const message = problemsOf({ IMAGE_PROVIDER: 'sd-webui', IMAGE_API_KEY: 'hunter2' });
    expect(message).toContain('IMAGE_API_KEY: sd-webui takes user:password');
    expect(message).not.toContain('hunter2');
    expect(problemsOf({ IMAGE_PROVIDER: 'midjourney' })).toMatch(/IMAGE_PROVIDER:/);
    expect(problemsOf({ IMAGE_API_TIMEOUT_SECONDS: '0' })).toMatch(/IMAGE_API_TIMEOUT_SECONDS:/);
    expect(problemsOf({ IMAGE_API_URL: 'ftp://gpu' })).toMatch(/IMAGE_API_URL:/);
  });

  it('turns the moderation list off with MODERATION_BLOCKLIST=none, and refuses bad worker settings', () => {
    expect(loadConfig({ MODERATION_BLOCKLIST: 'None' }).generation.moderationBlocklist).toEqual([]);
    expect(problemsOf({ WORKER: 'maybe' })).toMatch(/WORKER: must be true or false/);
    expect(problemsOf({ GENERATION_CONCURRENCY: '0' })).toMatch(/GENERATION_CONCURRENCY:/);
    expect(problemsOf({ GENERATION_RATE_LIMIT_MAX: '0' })).toMatch(/GENERATION_RATE_LIMIT_MAX:/);
  });

  it('keeps files in an S3 bucket when S3_BUCKET is set: AWS by default, path style with an endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'pictura-files' }).objectStorage).toEqual({
      bucket: 'pictura-files',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({ S3_BUCKET: 'pictura-files', S3_ENDPOINT: 'https://s3.example' }).objectStorage,
    ).toMatchObject({ endpoint: 'https://s3.example', forcePathStyle: true });
  });

  it('refuses a C2PA certificate without its key, and the key without its certificate', () => {
    expect(problemsOf({ C2PA_CERT_CHAIN: '/etc/chain.pem' })).toMatch(
      /C2PA_CERT_CHAIN and C2PA_KEY: set both/,
    );
    expect(problemsOf({ C2PA_KEY: '/etc/c2pa.key' })).toMatch(/C2PA_CERT_CHAIN and C2PA_KEY/);
    expect(problemsOf({ C2PA_TSA_URL: 'tsa.example' })).toMatch(/C2PA_TSA_URL: must be a URL/);
  });

  it('refuses S3 settings that cannot work, without echoing the secret key', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toMatch(
      /S3_ENDPOINT: needs S3_BUCKET/,
    );
    expect(problemsOf({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'hunter2' })).toMatch(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: needs S3_BUCKET/,
    );
    const halfKey = problemsOf({ S3_BUCKET: 'pictura', S3_SECRET_ACCESS_KEY: 'hunter2' });
    expect(halfKey).toMatch(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/);
    expect(halfKey).not.toContain('hunter2');
    expect(problemsOf({ S3_BUCKET: 'Pictura_Files' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(problemsOf({ S3_BUCKET: 'pictura', S3_ENDPOINT: 'minio:9000' })).toMatch(
      /S3_ENDPOINT: must be a URL/,
    );
    expect(problemsOf({ S3_BUCKET: 'pictura', S3_REGION: 'EU West' })).toMatch(/S3_REGION:/);
  });

  it('sends mail from the PUBLIC_URL host unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example:8443' }).mailFrom).toBe(
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
