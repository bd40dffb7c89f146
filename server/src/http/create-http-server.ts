import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { AllowedHosts } from '../auth/allowed-hosts';
import { registerRequestGuard } from '../auth/request-guard';
import type { AuthArea } from '../composition/auth-area';
import type { AppConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { installErrorHandler } from './error-handler';
import { registerOpenApi } from './openapi';
import { registerResponseCompression } from './response-compression';

/**
 * The Fastify server every area registers on: zod validation, the error shape, the host and cross-site guard,
 * the login gate, compression, the OpenAPI document and the login routes, in that order.
 */
export async function createHttpServer(
  config: AppConfig,
  logger: Logger,
  authArea: AuthArea,
): Promise<FastifyInstance> {
  const http = Fastify({
    rewriteUrl: authArea.rewriteUrl,
    loggerInstance: logger as FastifyBaseLogger,
    // Requests are not logged one by one (they would flood service.log); failures are, by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // JSON bodies: 1 MB holds the largest edit a person makes; bigger ones are refused with 413 before parsing.
    // The bundle restore reads its body as a stream to disk (data-transfer.routes.ts), so no limit applies there.
    bodyLimit: 1024 * 1024,
    // Tag-group names and scene ids travel in paths unencoded by the reference UI; 100 characters is too few.
    routerOptions: { maxParamLength: 2000 },
  });
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  installErrorHandler(http);
  registerRequestGuard(http, new AllowedHosts(config.allowedHosts ?? []));
  authArea.registerGate(http);
  await registerResponseCompression(http);
  await registerOpenApi(http, config.version);
  await authArea.registerRoutes(http);
  return http;
}
