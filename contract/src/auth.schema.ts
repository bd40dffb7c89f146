import { z } from 'zod';

/*
 * The optional login for the whole app (issue 19). Off until the owner sets a username and password in Options →
 * Security (or starts Fovea with FOVEA_USERNAME and FOVEA_PASSWORD). Headset players keep their own login
 * (interfaces.deovr). No answer ever carries a password, its hash, a session secret or an API key after creation.
 */

export const USERNAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const API_KEY_NAME_MAX = 100;
/** The session cookie the web app logs in with (HttpOnly, SameSite=Lax, signed). */
export const SESSION_COOKIE = 'fovea_session';
/** Scripts send an API key in this header (or as `Authorization: Bearer <key>`). */
export const API_KEY_HEADER = 'x-api-key';

const Username = z.string().trim().min(1).max(USERNAME_MAX);
const Password = z.string().min(1).max(PASSWORD_MAX);

/** GET /api/auth/status: answered to everyone, logged in or not. */
export const AuthStatusResponse = z.object({
  loginRequired: z.boolean().describe('true when a username and password are set'),
  loggedIn: z.boolean().describe('true when this request carries a valid session or API key'),
  username: z.string().nullable().describe('the logged-in user, or null'),
  fromEnvironment: z
    .boolean()
    .describe('true when FOVEA_USERNAME/FOVEA_PASSWORD set the login (not changeable here)'),
});
export type AuthStatusResponse = z.infer<typeof AuthStatusResponse>;

/** POST /api/auth/login: sets the session cookie. Wrong credentials: 401; too many attempts: 429. */
export const LoginBody = z.object({ username: Username, password: Password });
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * PUT /api/auth/credentials: set or change the login. When one is already set, `currentPassword` must be the
 * current one (401 otherwise). The new password needs at least PASSWORD_MIN characters. Every existing session
 * ends; the caller gets a new one.
 */
export const CredentialsBody = z.object({
  username: Username,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});
export type CredentialsBody = z.infer<typeof CredentialsBody>;

/** DELETE /api/auth/credentials: turn the login off (needs the current password); API keys stay but are unused. */
export const CredentialsDeleteBody = z.object({ currentPassword: Password });
export type CredentialsDeleteBody = z.infer<typeof CredentialsDeleteBody>;

/** An API key as listed: never the key itself. */
export const ApiKeyInfo = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  createdAt: z.string().describe('RFC 3339'),
  lastUsedAt: z.string().nullable().describe('RFC 3339, or null when never used'),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

export const ApiKeyList = z.array(ApiKeyInfo);
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyCreateBody = z.object({ name: z.string().trim().min(1).max(API_KEY_NAME_MAX) });
export type ApiKeyCreateBody = z.infer<typeof ApiKeyCreateBody>;

/** POST /api/auth/api-keys: the key is shown this once; only its hash is kept. */
export const ApiKeyCreated = z.object({ key: ApiKeyInfo, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
