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
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    trustProxy: vars.TRUST_PROXY,
    rateLimitMax: vars.RATE_LIMIT_MAX,
    serveWeb: vars.SERVE_WEB ?? vars.NODE_ENV === 'production',
  };
}
