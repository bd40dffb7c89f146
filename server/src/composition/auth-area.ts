import type { FastifyInstance } from 'fastify';
import { ApiKeyService } from '../auth/api-keys.service';
import { registerAuthGate, MediaTokenJar } from '../auth/auth-gate';
import { AuthSettingsRepository } from '../auth/auth-settings.repository';
import { AuthSettingsStore } from '../auth/auth-settings.store';
import { authRoutes } from '../auth/auth.routes';
import { AuthService } from '../auth/auth.service';
import { LoginRateLimiter } from '../auth/login-rate-limiter';
import type { AppConfig } from '../config/config';
import type { Database } from '../db/schema';
import type { Logger } from '../logging/logger';
import { KvRepository } from '../repositories/kv.repository';

export interface AuthArea {
  auth: AuthService;
  /** Fastify's rewriteUrl: takes a player's media token off the URL before routing. */
  rewriteUrl: MediaTokenJar['rewriteUrl'];
  /** Registers the gate: right after the request guard, before every route. */
  registerGate(http: FastifyInstance): void;
  /** Registers the /api/auth routes (after the OpenAPI document, so they appear in it). */
  registerRoutes(http: FastifyInstance): Promise<void>;
}

/** The optional login of the whole app: its settings, sessions, API keys, rate limit and gate. */
export async function createAuthArea(deps: {
  db: Database;
  config: AppConfig;
  logger: Logger;
}): Promise<AuthArea> {
  const store = new AuthSettingsStore(
    new AuthSettingsRepository(new KvRepository(deps.db)),
    deps.config.login,
  );
  await store.load();
  const apiKeys = new ApiKeyService(store, deps.logger);
  const auth = new AuthService({ store, apiKeys, limiter: new LoginRateLimiter() });
  const jar = new MediaTokenJar();
  return {
    auth,
    rewriteUrl: jar.rewriteUrl,
    registerGate(http) {
      registerAuthGate(http, auth, jar);
    },
    async registerRoutes(http) {
      await http.register(authRoutes({ auth, apiKeys }));
    },
  };
}
