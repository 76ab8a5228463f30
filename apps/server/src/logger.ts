import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

/** Request and body fields that hold secrets; they never reach the logs. */
export const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'repeatedPassword',
  'refreshToken',
  'accessToken',
  'giftCardNumber',
] as const;

// `code` (the password-reset code) and `token` (a data export's download link) are only secrets
// inside request data: elsewhere `code` is an error code (FST_ERR_..., PostgreSQL's 23505) that the
// logs must keep.
const REQUEST_SECRETS = ['code', 'token'] as const;
const REQUEST_DATA_KEYS = ['body', 'query', 'params', 'input'] as const;

// fast-redact has no "any depth" wildcard, so list the depths a logged object realistically has.
const anyDepth = (field: string): string[] => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `*.*.*.${field}`,
];

export const REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap(anyDepth),
  ...REQUEST_DATA_KEYS.flatMap((key) =>
    REQUEST_SECRETS.flatMap((name) => [`${key}.${name}`, `*.${key}.${name}`]),
  ),
];

// The URL of every request is logged, query included, and a reset link carries its code there, an
// export's download link its token (found by e2e/global-teardown.ts): those values are replaced
// before logging.
const SECRET_QUERY_PARAMS = new Set(
  [...REQUEST_SECRETS, ...SECRET_FIELDS].map((name) => name.toLowerCase()),
);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const secret = [...query.keys()].filter((name) => SECRET_QUERY_PARAMS.has(name.toLowerCase()));
  if (secret.length === 0) return url;
  for (const name of secret) query.set(name, '[redacted]');
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const isRequest = (value: unknown): value is LoggedRequest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<LoggedRequest>).url === 'string' &&
  typeof (value as Partial<LoggedRequest>).method === 'string';

/** Fastify's own request serializer, with the URL's secrets redacted; other `req` values as given. */
const serializeRequest = (req: unknown) =>
  isRequest(req)
    ? {
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }
    : req;

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: [...REDACT_PATHS], censor: '[redacted]' },
    serializers: { req: serializeRequest },
    // Readable lines while developing; JSON lines (one event per line) everywhere else.
    ...(config.nodeEnv === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export function createLogger(config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>): Logger {
  return pino(loggerOptions(config));
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id: taken from `x-request-id` when a proxy or client sent a well-formed one (so a
 * request can be followed across services), otherwise a new UUID. Anything else is ignored so that
 * a caller cannot inject text into the logs.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming)
    ? incoming
    : randomUUID();
}
