// OpenAPI document generated from the routes' zod schemas, and the swagger UI, both at /docs
// (/docs/json for the document). Must be registered before the routes it describes.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SERVER_VERSION } from '../services/health.js';

export const DOCS_PREFIX = '/docs';

/** Put on routes that need `Authorization: Bearer <token>`, so the docs UI offers the token field. */
export const bearerSecurity = [{ bearerAuth: [] as string[] }];

// No `servers` entry: "Try it out" then calls the origin the docs were opened from, which the CSP allows.
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SimForge API',
        description: 'Engineering simulations in the browser. Errors answer {"detail": ...}.',
        version: SERVER_VERSION,
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The validator badge would load an image from validator.swagger.io, which the CSP refuses.
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
}
