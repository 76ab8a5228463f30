// Which failures are the database being away (503) and which are not; the errors are shaped as
// node-postgres and Drizzle raise them (the outage test meets the real ones).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isBrokenConnection, isDatabaseUnavailable } from './unavailable.js';

const socketError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });
const sqlError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection, wrapped by Drizzle', wrapped(socketError('ECONNRESET'))],
    ['a connection lost mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no answer in time', wrapped(new Error('Query read timeout'))],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL shutting down', wrapped(sqlError('57P01'))],
    ['too many connections', sqlError('53300')],
    ['the statement timeout', wrapped(sqlError('57014'))],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(sqlError('23505'))],
    ['a serialization failure', wrapped(sqlError('40001'))],
    ['a bug', new TypeError('x is undefined')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('keeps a connection that only had its statement cancelled', () => {
    expect(isBrokenConnection(wrapped(sqlError('57014')))).toBe(false);
    expect(isBrokenConnection(wrapped(new Error('Query read timeout')))).toBe(true);
  });
});
