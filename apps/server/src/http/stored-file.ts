import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, StoredFile } from '../infra/storage/index.js';
import type { FileAttachment } from '../lib/index.js';
import { privateAttachment } from './attachment.js';

/**
 * The part of a file of `size` bytes a Range header asks for (RFC 9110 section 14): undefined
 * for the whole file, which is also the answer to what this server does not serve (several
 * ranges, another unit, a malformed header: the RFC lets a server ignore those);
 * 'unsatisfiable' when the range lies beyond the file's end.
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    // The last `last` bytes.
    if (last === '') return undefined;
    const length = Number(last);
    return length === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end: Math.min(end, size - 1) };
}

/**
 * Answers with a kept file as an attachment: the whole file (200), or the one range a resumed
 * download asks for (206; If-Range must name this version). Only the buyer may have these
 * bytes: no shared cache, and nothing kept on the device's cache.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { fileName, contentType, file }: FileAttachment<StoredFile>,
): Promise<FastifyReply> {
  reply
    .header('cache-control', 'private, no-store')
    .header('accept-ranges', 'bytes')
    .header('etag', file.etag);
  const ifRange = request.headers['if-range'];
  // A date in If-Range never matches: the answer names no Last-Modified.
  const range =
    ifRange === undefined || ifRange === file.etag
      ? requestedRange(request.headers.range, file.size)
      : undefined;
  if (range === 'unsatisfiable') {
    await file.close();
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  privateAttachment(reply, { fileName, contentType });
  const body = async (part?: ByteRange): Promise<Readable> => {
    if (request.method !== 'HEAD') return file.stream(part);
    // Fastify answers HEAD with the GET handler and drains a stream body: an empty one keeps
    // the file unread (on S3, not downloaded) and the length the GET would announce.
    await file.close();
    return Readable.from([]);
  };
  if (!range) return reply.header('content-length', file.size).send(await body());
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await body(range));
}
