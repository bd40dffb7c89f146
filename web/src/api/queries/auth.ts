import type {
  ApiKeyCreateBody,
  AuthStatusResponse,
  CredentialsBody,
  CredentialsDeleteBody,
  LoginBody,
} from '@fovea/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../client';
import { authKeys } from '../query-keys';

/**
 * GET /api/auth/status. Kept until something says it changed: a login, a logout, a credentials change or a 401
 * from any call (the auth provider then asks again).
 */
export function useAuthStatus() {
  return useQuery({
    queryKey: authKeys.status,
    queryFn: ({ signal }) => apiCall('authStatus', { signal }),
    staleTime: Infinity,
  });
}

const setStatus = (queryClient: QueryClient, status: AuthStatusResponse) =>
  queryClient.setQueryData(authKeys.status, status);

/** POST /api/auth/login: the answer (the new status) replaces the cached one. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiCall('authLogin', { body }),
    onSuccess: (status) => setStatus(queryClient, status),
  });
}

/** POST /api/auth/logout: this browser has no session any more. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('authLogout'),
    onSuccess: () =>
      queryClient.setQueryData<AuthStatusResponse>(authKeys.status, (status) =>
        status ? { ...status, loggedIn: false, username: null } : status,
      ),
  });
}

/** PUT /api/auth/credentials: set or change the login (this browser keeps a new session). */
export function useSetCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CredentialsBody) => apiCall('authSetCredentials', { body }),
    onSuccess: (status) => {
      setStatus(queryClient, status);
      void queryClient.invalidateQueries({ queryKey: authKeys.apiKeys });
    },
  });
}

/** DELETE /api/auth/credentials: turn the login off. */
export function useDeleteCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CredentialsDeleteBody) => apiCall('authDeleteCredentials', { body }),
    onSuccess: (status) => {
      setStatus(queryClient, status);
      queryClient.removeQueries({ queryKey: authKeys.apiKeys });
    },
  });
}

/** GET /api/auth/api-keys (the Security section asks only while a login is set: keys are used only then). */
export function useApiKeys() {
  return useQuery({
    queryKey: authKeys.apiKeys,
    queryFn: ({ signal }) => apiCall('apiKeyList', { signal }),
  });
}

/** POST /api/auth/api-keys: the answer holds the secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => apiCall('apiKeyCreate', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.apiKeys }),
  });
}

/** DELETE /api/auth/api-keys/{id}: revoke a key. */
export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('apiKeyDelete', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.apiKeys }),
  });
}
