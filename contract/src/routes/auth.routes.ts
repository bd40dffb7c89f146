import {
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyList,
  AuthStatusResponse,
  CredentialsBody,
  CredentialsDeleteBody,
  LoginBody,
} from '../auth.schema';
import { EmptyResponse, NumericIdParam } from '../common.schema';
import type { RouteSpec } from '../route-spec';

/** /api/auth: the optional login of the whole app, its session and the API keys of scripts. */
export const authRoutes = {
  authStatus: { method: 'GET', path: '/api/auth/status', response: AuthStatusResponse },
  authLogin: { method: 'POST', path: '/api/auth/login', body: LoginBody, response: AuthStatusResponse },
  authLogout: { method: 'POST', path: '/api/auth/logout', response: EmptyResponse },
  authSetCredentials: {
    method: 'PUT',
    path: '/api/auth/credentials',
    body: CredentialsBody,
    response: AuthStatusResponse,
  },
  authDeleteCredentials: {
    method: 'DELETE',
    path: '/api/auth/credentials',
    body: CredentialsDeleteBody,
    response: AuthStatusResponse,
  },
  apiKeyList: { method: 'GET', path: '/api/auth/api-keys', response: ApiKeyList },
  apiKeyCreate: {
    method: 'POST',
    path: '/api/auth/api-keys',
    body: ApiKeyCreateBody,
    response: ApiKeyCreated,
  },
  apiKeyDelete: {
    method: 'DELETE',
    path: '/api/auth/api-keys/{id}',
    params: NumericIdParam,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
