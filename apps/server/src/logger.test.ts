import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, requestIdFor } from './logger.js';
import type { IncomingMessage } from 'node:http';

function captureLog(write: (logger: pino.Logger) => void): Record<string, unknown> {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  write(pino(loggerOptions({ logLevel: 'info', nodeEnv: 'test' }), destination));
  return JSON.parse(lines.join(''));
}

describe('logs', () => {
  it('never contain passwords, tokens, reset codes, gift card numbers or credentials', () => {
    const line = captureLog((logger) =>
      logger.info(
        {
          req: { headers: { authorization: 'Bearer eyJ.secret', cookie: 'sid=s3cret' } },
          body: {
            email: 'ana@example.com',
            password: 'pw1',
            repeatedPassword: 'pw1',
            code: '123456',
          },
          input: { currentPassword: 'pw0', giftCardNumber: 'GC-1111' },
          result: { tokens: { accessToken: 'at', refreshToken: 'rt' } },
        },
        'request',
      ),
    );

    const text = JSON.stringify(line);
    for (const secret of [
      'eyJ.secret',
      's3cret',
      'pw1',
      'pw0',
      '123456',
      'GC-1111',
      '"at"',
      '"rt"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(line).toMatchObject({ body: { email: 'ana@example.com', password: '[redacted]' } });
  });

  it('keep the URL of a request but not the secrets in its query', () => {
    const line = captureLog((logger) =>
      logger.info(
        {
          req: {
            method: 'GET',
            url: '/reset-password?email=ana%40example.com&code=K7M2Q9XR4T&Token=eyJx',
            host: 'localhost',
          },
        },
        'incoming request',
      ),
    );

    const url = (line.req as { url: string }).url;
    expect(url).not.toContain('K7M2Q9XR4T');
    expect(new URLSearchParams(url.split('?')[1]).get('code')).toBe('[redacted]');
    expect(new URLSearchParams(url.split('?')[1]).get('email')).toBe('ana@example.com');
    expect(line.req).toMatchObject({ method: 'GET', host: 'localhost' });
  });

  it('keep the path of a data export download but not the token of its link', () => {
    const line = captureLog((logger) =>
      logger.info(
        {
          req: { method: 'GET', url: '/api/privacy/exports/3f2a/download?token=Zk9xQmVyc2VjcmV0' },
        },
        'incoming request',
      ),
    );

    const url = (line.req as { url: string }).url;
    expect(url).not.toContain('Zk9xQmVyc2VjcmV0');
    expect(url).toBe('/api/privacy/exports/3f2a/download?token=%5Bredacted%5D');
  });

  it('keep error codes', () => {
    const line = captureLog((logger) =>
      logger.error({ err: Object.assign(new Error('dup'), { code: '23505' }) }, 'failed'),
    );

    expect(line).toMatchObject({ err: { code: '23505' } });
  });
});

describe('requestIdFor', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('keeps a well-formed id from a proxy and makes a UUID otherwise', () => {
    expect(requestIdFor(request({ 'x-request-id': 'edge-01.4f2a' }))).toBe('edge-01.4f2a');
    expect(requestIdFor(request({ 'x-request-id': 'x'.repeat(65) }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(request({}))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
