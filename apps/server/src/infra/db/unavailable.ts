// Telling "the database cannot be reached" from other failures: the former is a 503 the client may
// retry, the latter a bug or a refused statement.

/** Socket errors: the connection to PostgreSQL failed or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own: class 08 (connection exception), shutting down or starting up (57P01-57P03),
 * too many connections (53300), and a statement cancelled by `statement_timeout` (57014).
 */
const isUnavailableSqlState = (code: string): boolean =>
  code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014'].includes(code);

// node-postgres raises these without a code; they are its whole vocabulary for a lost connection.
const BROKEN_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout expired',
];
const NO_CONNECTION_MESSAGES = ['timeout exceeded when trying to connect'];

/** The error and its causes, outermost first (Drizzle wraps the driver's error in `cause`). */
function* chainOf(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = err;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const messageStartsWith = (message: unknown, prefixes: readonly string[]): boolean =>
  typeof message === 'string' && prefixes.some((prefix) => message.startsWith(prefix));

/**
 * True when this connection can no longer be used: its socket failed or its query got no answer
 * in time (the query may still be running, so nothing else can be sent on it).
 */
export function isBrokenConnection(err: unknown): boolean {
  for (const { code, message } of chainOf(err)) {
    if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    if (messageStartsWith(message, BROKEN_CONNECTION_MESSAGES)) return true;
  }
  return false;
}

/** True when the request failed because the database is unreachable or overloaded: a 503. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isBrokenConnection(err)) return true;
  for (const { code, message } of chainOf(err)) {
    if (typeof code === 'string' && isUnavailableSqlState(code)) return true;
    if (messageStartsWith(message, NO_CONNECTION_MESSAGES)) return true;
  }
  return false;
}
