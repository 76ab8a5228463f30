import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeletionPreviewSchema,
  apiPaths,
  DataExportParamsSchema,
  DataExportSchema,
  DeleteAccountRequestSchema,
  EmptyResponseSchema,
  ErrorBodySchema,
  LatestDataExportResponseSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { sendAttachment } from '../../http/attachment.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import {
  requireRecentAuthentication,
  requireUser,
  requireVerifiedEmail,
  userOf,
} from '../accounts/index.js';
import type { ExportFile } from './export-service.js';
import type { PrivacyService } from './service.js';

const tags = ['privacy'];
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

// Only its owner may have these bytes; and no referrer.
const sendZip = (reply: FastifyReply, file: ExportFile) =>
  sendAttachment(reply.header('referrer-policy', 'no-referrer'), {
    fileName: file.fileName,
    contentType: 'application/zip',
    bytes: file.bytes,
  });

/** Data exports and account deletion, for the signed-in user (the download included). */
export const privacyRoutes: FastifyPluginAsyncZod<{
  service: PrivacyService;
  config: Pick<AppConfig, 'authRateLimitIpMax'>;
}> = async (app, { service, config }) => {
  app.post(
    apiPaths.privacyExports,
    {
      // A copy of everything: only after a recent re-authentication, not on a borrowed session,
      // and only for an owner who proved the address (it holds what was sent from it).
      preValidation: [requireUser, requireVerifiedEmail, requireRecentAuthentication],
      // Each export reads everything and every picture: a few an hour is plenty.
      config: routeRateLimit(5, '1 hour'),
      schema: {
        tags,
        summary: 'Ask for a copy of all my data (made in the background, then mailed as a link)',
        response: { 202: DataExportSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.code(202).send(await service.request(userOf(request).id)),
  );

  app.get(
    apiPaths.privacyExports,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'My newest data export and its progress',
        response: { 200: LatestDataExportResponseSchema, ...signedInErrors },
      },
    },
    async (request) => ({ export: await service.latest(userOf(request).id) }),
  );

  app.get(
    `${apiPaths.privacyExports}/:exportId/download`,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Download my data export (ZIP), signed in as its owner',
        params: DataExportParamsSchema,
        response: {
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          410: ErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      sendZip(reply, await service.download(request.params.exportId, userOf(request).id)),
  );

  app.get(
    apiPaths.privacyAccountDeletion,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'What deleting my account would forfeit, and whether it may be deleted',
        response: { 200: AccountDeletionPreviewSchema, ...signedInErrors },
      },
    },
    async (request) => service.deletionPreview(userOf(request).id),
  );

  app.post(
    apiPaths.privacyAccountDeletion,
    {
      preValidation: requireUser,
      // The password is checked: limited like sign-in, per IP and per account.
      config: routeRateLimit(config.authRateLimitIpMax),
      preHandler: app.limitPasswordChecks,
      schema: {
        tags,
        summary: 'Delete my account (password again); every session ends',
        body: DeleteAccountRequestSchema,
        response: { 200: EmptyResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.deleteAccount(userOf(request).id, request.body);
      return {};
    },
  );
};
