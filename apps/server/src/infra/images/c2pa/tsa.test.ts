import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { timeStampRequest, tsaTimeStamper } from './tsa.js';

/** A stand-in time stamp authority on loopback: it records the request and answers `response`. */
async function authority(response: Buffer, status = 200) {
  const requests: { type: string | undefined; body: Buffer }[] = [];
  const server: Server = createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ type: request.headers['content-type'], body: Buffer.concat(chunks) });
      reply.writeHead(status, { 'content-type': 'application/timestamp-reply' }).end(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/tsr`, requests, close: () => server.close() };
}

// A TimeStampResp: PKIStatusInfo { status }, then (when granted) a token, here a stand-in SEQUENCE.
const TOKEN = Buffer.from([0x30, 0x03, 0x02, 0x01, 0x07]);
const granted = Buffer.concat([Buffer.from([0x30, 0x0a, 0x30, 0x03, 0x02, 0x01, 0x00]), TOKEN]);
const rejection = Buffer.from([0x30, 0x05, 0x30, 0x03, 0x02, 0x01, 0x02]);

describe('RFC 3161 time stamps', () => {
  let close = () => {};
  afterEach(() => close());

  it('asks for a stamp over the SHA-256 of the bytes, with a nonce and the certificate, and returns the token', async () => {
    const tsa = await authority(granted);
    close = tsa.close;
    const signed = Buffer.from('countersigned structure');

    const token = await tsaTimeStamper(tsa.url)(signed);

    expect(Buffer.from(token!)).toEqual(TOKEN);
    const [request] = tsa.requests;
    expect(request?.type).toBe('application/timestamp-query');
    const digest = createHash('sha256').update(signed).digest();
    // version 1, then MessageImprint { sha256, NULL } and the digest.
    expect(request?.body.subarray(2, 5)).toEqual(Buffer.from([0x02, 0x01, 0x01]));
    expect(request?.body.includes(digest)).toBe(true);
    expect(request?.body.subarray(-3)).toEqual(Buffer.from([0x01, 0x01, 0xff]));
  });

  it('fails the signature when the authority refuses or is unreachable', async () => {
    const tsa = await authority(rejection);
    close = tsa.close;
    await expect(tsaTimeStamper(tsa.url)(Buffer.from('x'))).rejects.toThrow(/refused/);
    const broken = await authority(granted, 503);
    await expect(tsaTimeStamper(broken.url)(Buffer.from('x'))).rejects.toThrow(/HTTP 503/);
    broken.close();
  });

  it('encodes a request whose nonce stays a positive integer', () => {
    const request = timeStampRequest(Buffer.from('a'), Buffer.from([0xff, 0, 0, 0, 0, 0, 0, 1]));
    expect(Buffer.from(request).includes(Buffer.from([0x02, 0x09, 0x00, 0xff]))).toBe(true);
  });
});
