import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fovea API',
        description: 'The HTTP API of Fovea, a self-hosted VR video library.',
        version,
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
