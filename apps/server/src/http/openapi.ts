import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiPaths } from '@pictura/contract';
import { isApiUrl } from './api-url.js';

/**
 * The OpenAPI document, generated from the routes' zod schemas (the contract package), served as
 * JSON at /api/docs/json and browsable at /api/docs. Register before any route: routes are collected
 * as they are added.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  info: { version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pictura API',
        description: 'The API of Pictura, a web shop for AI-generated art.',
        version: info.version,
      },
    },
    // Only /api is the contract; the web app's file routes are left out.
    transform: (document) =>
      isApiUrl(document.url)
        ? jsonSchemaTransform(document)
        : { schema: { hide: true }, url: document.url },
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: apiPaths.docs,
    // Swagger UI injects a <style> element at run time; only its own pages get 'unsafe-inline'
    // styles, the strict policy stays everywhere else.
    transformStaticCSP: (header) =>
      header.replace(/style-src 'self'/, "style-src 'self' 'unsafe-inline'"),
  });
}
