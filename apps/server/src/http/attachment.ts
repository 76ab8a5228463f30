import type { FastifyReply } from 'fastify';
import type { Attachment } from '../lib/index.js';

/**
 * The headers of a file only its owner may have (a download, a receipt, a data export): no
 * shared cache, nothing kept on the device's cache, saved under its name.
 */
export const privateAttachment = (
  reply: FastifyReply,
  { fileName, contentType }: Pick<Attachment, 'fileName' | 'contentType'>,
): FastifyReply =>
  reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .type(contentType);

/** Answers with a private file, whole. */
export const sendAttachment = (reply: FastifyReply, file: Attachment): FastifyReply =>
  privateAttachment(reply, file).send(file.bytes);

/** Answers with a receipt or credit note (it holds the buyer's address). */
export const sendPdf = (reply: FastifyReply, file: { fileName: string; content: Buffer }) =>
  sendAttachment(reply, {
    fileName: file.fileName,
    contentType: 'application/pdf',
    bytes: file.content,
  });
