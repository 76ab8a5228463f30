import { resolve } from 'node:path';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@pictura/contract';
import { z } from 'zod';
import { CONFIG_VARIABLES } from './config-variables.js';
import { TrustProxySchema, type TrustProxy } from './http/trust-proxy.js';
import { DEFAULT_WEB_DIST_DIR } from './paths.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const IMAGE_PROVIDERS = ['procedural', 'openai', 'sd-webui'] as const;
export type ImageProvider = (typeof IMAGE_PROVIDERS)[number];

const integer = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const urlWithScheme = (schemes: readonly string[]) =>
  z
    .string()
    .refine(
      (value) => URL.canParse(value) && schemes.includes(new URL(value).protocol),
      `must be a URL starting with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}`,
    );

/** The raw environment, validated. Keys must match CONFIG_VARIABLES. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWithScheme(['redis:', 'rediss:']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: urlWithScheme(['http:', 'https:']).optional(),
  TRUST_PROXY: TrustProxySchema,
  RATE_LIMIT_MAX: integer(1, 1_000_000).default(600),
  SERVE_WEB: flag.optional(),
  DEMO_CATALOG: flag.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_SECRET_PREVIOUS: z
    .string()
    .transform((value) => value.split(',').map((secret) => secret.trim()))
    .pipe(
      z.array(z.string().min(32, 'must be secrets of at least 32 characters, separated by commas')),
    )
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: integer(1, 86_400).default(900),
  SMTP_URL: urlWithScheme(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_RATE_LIMIT_IP_MAX: integer(1, 1_000_000).default(10),
  AUTH_RATE_LIMIT_EMAIL_MAX: integer(1, 1_000_000).default(10),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)',
    )
    .optional(),
  S3_ENDPOINT: urlWithScheme(['http:', 'https:']).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as eu-west-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  ALLOW_SANDBOX_PAYMENTS: flag.default(false),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_API_URL: urlWithScheme(['http:', 'https:']).default('https://api.stripe.com'),
  SUPPORT_EMAIL: z.email('must be an email address').optional(),
  SHOP_LEGAL_NAME: z.string().max(200).default('Pictura Demo S.L.'),
  SHOP_ADDRESS: z.string().max(500).default('Calle de la Demostración 1, 28001 Madrid, Spain'),
  SHOP_VAT_NUMBER: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, 'must be a VAT number such as ESB12345678')
    .default('ESX0000000X'),
  RECORD_RETENTION_YEARS: integer(1, 30).default(10),
  IMAGE_PROVIDER: z.enum(IMAGE_PROVIDERS).default('procedural'),
  IMAGE_API_URL: urlWithScheme(['http:', 'https:']).optional(),
  IMAGE_API_KEY: z.string().min(1).optional(),
  IMAGE_API_MODEL: z.string().min(1).max(200).default('gpt-image-1'),
  IMAGE_API_TIMEOUT_SECONDS: integer(1, 3600).default(120),
  WORKER: flag.default(true),
  GENERATION_CONCURRENCY: integer(1, 64).default(1),
  GENERATION_RATE_LIMIT_MAX: integer(1, 1_000_000).default(10),
  MODERATION_BLOCKLIST: z.string().max(20_000).optional(),
  METRICS_PORT: integer(1, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  C2PA_CERT_CHAIN: z.string().min(1).optional(),
  C2PA_KEY: z.string().min(1).optional(),
  C2PA_TSA_URL: urlWithScheme(['http:', 'https:']).optional(),
});

/** Where the objects live (the `S3_*` variables). */
export interface ObjectStorageConfig {
  bucket: string;
  /** Origin of an S3-compatible service (MinIO, Ceph, R2, ...); unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, shared config files, the machine's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** The picture generator and, for a remote one, how to reach it. */
export type ImageGenerationConfig =
  | { provider: 'procedural' }
  | {
      provider: 'openai' | 'sd-webui';
      /** Without a trailing slash. */
      apiUrl: string;
      apiKey: string | undefined;
      model: string;
      timeoutSeconds: number;
    };

export type AppConfig = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: LogLevel;
  /** Absolute. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Absolute. */
  webDistDir: string;
  /** Without a trailing slash. */
  publicUrl: string;
  /** PUBLIC_URL was given; else a payment's return link may follow a loopback Host (shop-url.ts). */
  publicUrlSet: boolean;
  /** Which X-Forwarded-For entries to believe (http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  rateLimitMax: number;
  serveWeb: boolean;
  demoCatalog: boolean;
  /** Unset: generated once and kept in DATA_DIR/jwt-secret. */
  jwtSecret: string | undefined;
  /** Earlier JWT_SECRETs, still accepted for reading while a rotation is rolled out (docs/operations.md). */
  jwtSecretPrevious: readonly string[];
  accessTokenTtlSeconds: number;
  /** Unset: files on the local disk under DATA_DIR/files. */
  objectStorage: ObjectStorageConfig | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authRateLimitIpMax: number;
  authRateLimitEmailMax: number;
  paymentProvider: PaymentProvider;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
  supportEmail: string;
  /** The seller's legal details, printed on every receipt (snapshotted when it is issued). */
  shop: { name: string; address: string; vatNumber: string };
  /** Full years after the end of a sale's year that its receipt and billing evidence are kept. */
  recordRetentionYears: number;
  imageGeneration: ImageGenerationConfig;
  /**
   * How files' C2PA manifests are signed: a certificate chain and key (PEM files) from a CA on the
   * C2PA trust list, else the shop's own demo CA in DATA_DIR/c2pa; a time stamp authority if set.
   */
  c2pa: {
    certificate: { chainPath: string; keyPath: string } | undefined;
    tsaUrl: string | undefined;
  };
  generation: {
    /** Run the job workers in this process (WORKER). */
    worker: boolean;
    concurrency: number;
    rateLimitMax: number;
    /** Undefined: the built-in list; empty: no check. */
    moderationBlocklist: readonly string[] | undefined;
  };
  /** Where this process serves Prometheus metrics; unset (no METRICS_PORT): nowhere. */
  metrics: { host: string; port: number } | undefined;
}>;

const blocklist = (value: string | undefined): readonly string[] | undefined =>
  value === undefined
    ? undefined
    : value.toLowerCase() === 'none'
      ? []
      : value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);

/** Whether the URL's host is this machine (localhost, 127.0.0.0/8 or ::1): nobody else can open it. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** A configuration that cannot start the server; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the configuration. Empty values count as unset (as docker-compose and shells
 * often pass them). Values are never echoed in errors: DATABASE_URL may hold a password.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const raw: Record<string, string> = {};
  for (const { name } of CONFIG_VARIABLES) {
    const value = env[name]?.trim();
    if (value) raw[name] = value;
  }

  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${String(issue.path[0] ?? '(environment)')}: ${issue.message}`,
      ),
    );
  }

  const vars = parsed.data;
  if (
    vars.PAYMENT_PROVIDER === 'stripe' &&
    !(vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET)
  ) {
    throw new ConfigError([
      'PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    ]);
  }
  // The sandbox approves a test card: a shop the public can reach on it would give everything away.
  // Without a public address (PUBLIC_URL unset or loopback) it is a test shop on this machine, and
  // the test suites (NODE_ENV=test) serve nobody whatever address their links show.
  if (
    vars.PAYMENT_PROVIDER === 'sandbox' &&
    vars.NODE_ENV !== 'test' &&
    !vars.ALLOW_SANDBOX_PAYMENTS &&
    vars.PUBLIC_URL !== undefined &&
    !isLoopbackUrl(vars.PUBLIC_URL)
  ) {
    throw new ConfigError([
      'PAYMENT_PROVIDER: sandbox takes no real money and PUBLIC_URL is a public address; set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true for a public test shop',
    ]);
  }
  if (Boolean(vars.C2PA_CERT_CHAIN) !== Boolean(vars.C2PA_KEY)) {
    throw new ConfigError([
      'C2PA_CERT_CHAIN and C2PA_KEY: set both (the certificate and its key) or neither',
    ]);
  }
  const imageGeneration = imageGenerationConfig(vars);
  const objectStorage = objectStorageConfig(vars);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    logLevel: vars.LOG_LEVEL,
    dataDir: resolve(cwd, vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    webDistDir:
      vars.WEB_DIST_DIR === undefined ? DEFAULT_WEB_DIST_DIR : resolve(cwd, vars.WEB_DIST_DIR),
    publicUrl,
    publicUrlSet: vars.PUBLIC_URL !== undefined,
    imageGeneration,
    c2pa: {
      certificate:
        vars.C2PA_CERT_CHAIN && vars.C2PA_KEY
          ? { chainPath: resolve(cwd, vars.C2PA_CERT_CHAIN), keyPath: resolve(cwd, vars.C2PA_KEY) }
          : undefined,
      tsaUrl: vars.C2PA_TSA_URL,
    },
    generation: {
      worker: vars.WORKER,
      concurrency: vars.GENERATION_CONCURRENCY,
      rateLimitMax: vars.GENERATION_RATE_LIMIT_MAX,
      moderationBlocklist: blocklist(vars.MODERATION_BLOCKLIST),
    },
    trustProxy: vars.TRUST_PROXY,
    rateLimitMax: vars.RATE_LIMIT_MAX,
    serveWeb: vars.SERVE_WEB ?? vars.NODE_ENV === 'production',
    demoCatalog: vars.DEMO_CATALOG,
    jwtSecret: vars.JWT_SECRET,
    jwtSecretPrevious: vars.JWT_SECRET_PREVIOUS ?? [],
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    objectStorage,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `Pictura <no-reply@${new URL(publicUrl).hostname}>`,
    authRateLimitIpMax: vars.AUTH_RATE_LIMIT_IP_MAX,
    authRateLimitEmailMax: vars.AUTH_RATE_LIMIT_EMAIL_MAX,
    paymentProvider: vars.PAYMENT_PROVIDER,
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiUrl: vars.STRIPE_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    supportEmail: vars.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    recordRetentionYears: vars.RECORD_RETENTION_YEARS,
    shop: {
      name: vars.SHOP_LEGAL_NAME,
      address: vars.SHOP_ADDRESS,
      vatNumber: vars.SHOP_VAT_NUMBER,
    },
    metrics:
      vars.METRICS_PORT === undefined
        ? undefined
        : { host: vars.METRICS_HOST, port: vars.METRICS_PORT },
  };
}

const DEFAULT_IMAGE_API_URLS = {
  openai: 'https://api.openai.com',
  'sd-webui': 'http://127.0.0.1:7860',
} as const;

function imageGenerationConfig(vars: z.infer<typeof EnvSchema>): ImageGenerationConfig {
  const provider = vars.IMAGE_PROVIDER;
  if (provider === 'procedural') return { provider };
  const apiUrl = (vars.IMAGE_API_URL ?? DEFAULT_IMAGE_API_URLS[provider]).replace(/\/+$/, '');
  const apiKey = vars.IMAGE_API_KEY;
  if (provider === 'openai' && !apiKey && new URL(apiUrl).hostname === 'api.openai.com') {
    throw new ConfigError(['IMAGE_PROVIDER: openai at api.openai.com needs IMAGE_API_KEY']);
  }
  if (provider === 'sd-webui' && apiKey && !apiKey.includes(':')) {
    throw new ConfigError(['IMAGE_API_KEY: sd-webui takes user:password (its --api-auth)']);
  }
  const { IMAGE_API_MODEL: model, IMAGE_API_TIMEOUT_SECONDS: timeoutSeconds } = vars;
  return { provider, apiUrl, apiKey, model, timeoutSeconds };
}

/** S3_BUCKET selects the object storage; its companions alone are a mistake worth stopping for. */
function objectStorageConfig(vars: z.infer<typeof EnvSchema>): ObjectStorageConfig | undefined {
  const {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = vars;
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => vars[name] !== undefined,
    );
    if (stray.length > 0) throw new ConfigError([`${stray.join(', ')}: needs S3_BUCKET`]);
    return undefined;
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the default credentials',
    ]);
  }
  return {
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region: vars.S3_REGION,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
