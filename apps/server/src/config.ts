import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths.js';

export interface ConfigVariable {
  readonly name: string;
  /** The default as a person reads it (README configuration table). */
  readonly default: string;
  readonly description: string;
}

/**
 * Every environment variable the server reads. Each has a default so that `npm start` needs none;
 * the README's configuration table mirrors this list (a unit test keeps them in step).
 */
export const CONFIG_VARIABLES = [
  {
    name: 'NODE_ENV',
    default: 'development',
    description: '`development`, `production` or `test`.',
  },
  { name: 'PORT', default: '3000', description: 'HTTP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Network interface the server listens on.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Folder for local data; the embedded database lives in DATA_DIR/db. Relative to the working directory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL URL (postgres://...). When unset, the embedded PGlite database in DATA_DIR/db is used.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'Redis URL (redis://...) for rate-limit counters shared by several API processes. When unset, counters are kept in memory.',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Folder of the built web app served when SERVE_WEB is on.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description:
      'Address users reach the shop at, used for absolute links (mails, payment redirects).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers; set to true behind a reverse proxy or load balancer.',
  },
  {
    name: 'RATE_LIMIT_MAX',
    default: '600',
    description:
      'Requests per minute per client IP across /api (stricter limits apply to some routes).',
  },
  {
    name: 'SERVE_WEB',
    default: 'true in production, otherwise false',
    description: 'Serve the built web app from WEB_DIST_DIR next to the API.',
  },
  {
    name: 'DEMO_CATALOG',
    default: 'true',
    description:
      'At start, give an empty database the demo catalog: 8 categories and about 100 offers with generated pictures.',
  },
  {
    name: 'JWT_SECRET',
    default: 'generated once into DATA_DIR/jwt-secret',
    description:
      'Secret (at least 32 characters) that signs access tokens and keys reset-code hashes; set the same value on every API process.',
  },
  {
    name: 'ACCESS_TOKEN_TTL_SECONDS',
    default: '900',
    description: 'Lifetime of an access token (JWT) in seconds.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for mail (smtp://user:pass@host:587 or smtps://...). When unset, mails are written as .eml files to DATA_DIR/outbox.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Pictura <no-reply@PUBLIC_URL host>',
    description: 'Sender address of the mails.',
  },
  {
    name: 'AUTH_RATE_LIMIT_IP_MAX',
    default: '10',
    description:
      'Requests per minute per client IP to each of login, register, forgot-password, reset-password and change-password.',
  },
  {
    name: 'AUTH_RATE_LIMIT_EMAIL_MAX',
    default: '10',
    description:
      'Requests per 15 minutes per email address to each of login, register, forgot-password and reset-password.',
  },
] as const satisfies readonly ConfigVariable[];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_MAX: integer(1, 1_000_000).default(600),
  SERVE_WEB: flag.optional(),
  DEMO_CATALOG: flag.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: integer(1, 86_400).default(900),
  SMTP_URL: urlWithScheme(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_RATE_LIMIT_IP_MAX: integer(1, 1_000_000).default(10),
  AUTH_RATE_LIMIT_EMAIL_MAX: integer(1, 1_000_000).default(10),
});

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
  trustProxy: boolean;
  rateLimitMax: number;
  serveWeb: boolean;
  demoCatalog: boolean;
  /** Unset: generated once and kept in DATA_DIR/jwt-secret. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  authRateLimitIpMax: number;
  authRateLimitEmailMax: number;
}>;

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
    trustProxy: vars.TRUST_PROXY,
    rateLimitMax: vars.RATE_LIMIT_MAX,
    serveWeb: vars.SERVE_WEB ?? vars.NODE_ENV === 'production',
    demoCatalog: vars.DEMO_CATALOG,
    jwtSecret: vars.JWT_SECRET,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `Pictura <no-reply@${new URL(publicUrl).hostname}>`,
    authRateLimitIpMax: vars.AUTH_RATE_LIMIT_IP_MAX,
    authRateLimitEmailMax: vars.AUTH_RATE_LIMIT_EMAIL_MAX,
  };
}
