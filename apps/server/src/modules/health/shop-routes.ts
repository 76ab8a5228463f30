import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, ShopInfoSchema } from '@pictura/contract';
import type { AppConfig } from '../../config.js';

/**
 * What every page needs to know about the shop itself: whether payments go to the sandbox, which
 * approves test cards and takes no money, so the web app marks every page as a test shop.
 */
export const shopRoutes: FastifyPluginAsyncZod<{
  config: Pick<AppConfig, 'paymentProvider'>;
}> = async (app, { config }) => {
  const info = { testPayments: config.paymentProvider === 'sandbox' };
  app.get(
    apiPaths.shop,
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this is a test shop (payments on the sandbox, no money taken)',
        response: { 200: ShopInfoSchema },
      },
    },
    async (_request, reply) => {
      // Fixed for the process's life; a restart with another provider is seen within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return info;
    },
  );
};
