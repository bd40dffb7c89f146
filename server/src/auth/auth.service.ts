import { createHash, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { AuthStatusResponse, CredentialsBody, CredentialsDeleteBody, LoginBody } from '@fovea/contract';
import { BadRequestError, ConflictError, HttpError } from '../http/http-errors';
import type { ApiKeyService } from './api-keys.service';
import type { ActiveLogin, AuthSettingsStore } from './auth-settings.store';
import type { LoginRateLimiter } from './login-rate-limiter';
import { canonicalPath, isMediaPath, verifyMediaToken, withMediaToken, type MediaKey } from './media-token';
import { clientKey } from './private-address';
import {
  SESSION_MAX_AGE_SECONDS,
  clearedSessionCookieHeader,
  readCookie,
  sessionCookieHeader,
  signSession,
  verifySession,
} from './session-cookie';

/** What the login rules read from a request. */
export interface AuthRequest {
  /** The Cookie header. */
  cookie: string | undefined;
  /** The X-Api-Key header, or the token of `Authorization: Bearer <key>`. */
  apiKey: string | undefined;
  /** The client's address (the connection's: no proxy header is trusted). */
  address: string | undefined;
  /** Whether the browser reached Fovea over https (the cookie is then Secure). */
  secure: boolean;
}

/** An answer of the login calls: the status and, when it changes, the session cookie to set. */
export interface AuthAnswer {
  status: AuthStatusResponse;
  setCookie?: string;
}

/** 429: too many failed attempts from this client; the route sends Retry-After. */
export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      `Too many failed attempts from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

export const ENVIRONMENT_LOGIN_MESSAGE =
  'The login is set by FOVEA_USERNAME/FOVEA_PASSWORD; change those and restart Fovea to change it.';
const BCRYPT_COST = 11;
/** Compared against when the username is wrong, so a wrong name takes as long as a wrong password. */
const NO_SUCH_HASH = `$2b$${BCRYPT_COST}$${'C'.repeat(53)}`;

function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * The optional login of the whole app: who a request is (session cookie or API key), logging in and out,
 * setting, changing and removing the login, the rate limit on passwords, and the key of the players' media links.
 */
export class AuthService {
  constructor(
    private readonly deps: {
      store: AuthSettingsStore;
      apiKeys: ApiKeyService;
      limiter: LoginRateLimiter;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  loginSet(): boolean {
    return this.deps.store.activeLogin() !== null;
  }

  /** How a request is logged in while a login is set: its session cookie, its API key, or not at all. */
  identify(request: AuthRequest): 'session' | 'apiKey' | null {
    const login = this.deps.store.activeLogin();
    const settings = this.deps.store.get();
    if (login === null || settings === null) return null;
    const cookie = readCookie(request.cookie);
    if (
      cookie !== undefined &&
      verifySession(cookie, this.deps.store.secret(settings), login, this.now()) !== null
    ) {
      return 'session';
    }
    return this.deps.apiKeys.matches(request.apiKey) ? 'apiKey' : null;
  }

  status(request: AuthRequest): AuthStatusResponse {
    const login = this.deps.store.activeLogin();
    const loggedIn = login !== null && this.identify(request) !== null;
    return {
      loginRequired: login !== null,
      loggedIn,
      username: loggedIn ? (login?.username ?? null) : null,
      fromEnvironment: this.deps.store.fromEnvironment(),
    };
  }

  async login(body: LoginBody, request: AuthRequest): Promise<AuthAnswer> {
    const login = this.deps.store.activeLogin();
    if (login === null) throw new ConflictError('No login is set: Fovea is open to your own network.');
    const client = this.admit(request);
    const nameRight = sameText(body.username, login.username);
    const passwordRight = await this.passwordMatches(login, body.password, nameRight);
    if (!nameRight || !passwordRight) {
      this.deps.limiter.fail(client, this.now());
      throw new HttpError(401, 'Wrong username or password.');
    }
    this.deps.limiter.succeed(client);
    return this.loggedIn(login, request);
  }

  /** The Set-Cookie header that ends the caller's session. */
  logout(request: AuthRequest): string {
    return clearedSessionCookieHeader(request.secure);
  }

  /** Sets the login, or changes it (the current password needed); older sessions end, the caller's goes on. */
  async setCredentials(body: CredentialsBody, request: AuthRequest): Promise<AuthAnswer> {
    if (this.deps.store.fromEnvironment()) throw new ConflictError(ENVIRONMENT_LOGIN_MESSAGE);
    const current = this.deps.store.activeLogin();
    if (current !== null) await this.checkCurrentPassword(current, body.currentPassword, request);
    const passwordHash = await bcrypt.hash(body.password, BCRYPT_COST);
    await this.deps.store.update((settings) => ({
      ...settings,
      version: settings.version + 1,
      login: { username: body.username, passwordHash },
    }));
    const login = this.deps.store.activeLogin();
    if (login === null) throw new Error('the login was not stored');
    return this.loggedIn(login, request);
  }

  /** Turns the login off (the current password needed); every session ends. */
  async deleteCredentials(body: CredentialsDeleteBody, request: AuthRequest): Promise<AuthAnswer> {
    if (this.deps.store.fromEnvironment()) throw new ConflictError(ENVIRONMENT_LOGIN_MESSAGE);
    const current = this.deps.store.activeLogin();
    if (current === null) throw new ConflictError('No login is set.');
    await this.checkCurrentPassword(current, body.currentPassword, request);
    await this.deps.store.update((settings) => ({
      ...settings,
      version: settings.version + 1,
      login: null,
    }));
    return { status: this.status(request), setCookie: clearedSessionCookieHeader(request.secure) };
  }

  /** The key of the players' media links while a login is set, else null (links carry no token then). */
  mediaKey(): MediaKey | null {
    const login = this.deps.store.activeLogin();
    const settings = this.deps.store.get();
    return login === null || settings === null
      ? null
      : { secret: this.deps.store.secret(settings), version: login.version };
  }

  /** A media URL for a headset player: with its token while a login is set, else (or not media) as it is. */
  readonly signMediaUrl = (url: string): string => {
    const key = this.mediaKey();
    return key === null || !isMediaPath(canonicalPath(url)) ? url : withMediaToken(url, key);
  };

  /** Whether a token opens this media path. */
  mediaTokenValid(path: string, token: string | undefined): boolean {
    const key = this.mediaKey();
    return key !== null && token !== undefined && token.length < 100 && verifyMediaToken(path, token, key);
  }

  /** The client's rate-limit key, or 429 while it must wait. */
  private admit(request: AuthRequest): string {
    const client = clientKey(request.address);
    const waitMs = this.deps.limiter.waitMs(client, this.now());
    if (waitMs > 0) throw new TooManyAttemptsError(Math.ceil(waitMs / 1000));
    return client;
  }

  private async checkCurrentPassword(
    login: ActiveLogin,
    password: string | undefined,
    request: AuthRequest,
  ): Promise<void> {
    if (password === undefined || password === '') {
      throw new BadRequestError('Give the current password to change the login.');
    }
    const client = this.admit(request);
    if (!(await this.passwordMatches(login, password, true))) {
      this.deps.limiter.fail(client, this.now());
      throw new HttpError(401, 'The current password is wrong.');
    }
    this.deps.limiter.succeed(client);
  }

  private async passwordMatches(login: ActiveLogin, password: string, nameRight: boolean): Promise<boolean> {
    if (login.source === 'environment') return sameText(password, login.password);
    return bcrypt.compare(password, nameRight ? login.passwordHash : NO_SUCH_HASH);
  }

  private loggedIn(login: ActiveLogin, request: AuthRequest): AuthAnswer {
    const settings = this.deps.store.get();
    if (settings === null) throw new Error('the login settings are missing');
    const exp = Math.floor(this.now() / 1000) + SESSION_MAX_AGE_SECONDS;
    const cookie = signSession(
      { u: login.username, v: login.version, exp },
      this.deps.store.secret(settings),
    );
    return {
      status: {
        loginRequired: true,
        loggedIn: true,
        username: login.username,
        fromEnvironment: this.deps.store.fromEnvironment(),
      },
      setCookie: sessionCookieHeader(cookie, request.secure),
    };
  }
}
