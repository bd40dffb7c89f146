import bcrypt from 'bcryptjs';
import { timingSafeEqual } from 'node:crypto';
import type { OptionsService } from '../services/options.service';

/** 1 granted, 0 login required (nothing sent), -1 bad login (the DeoVR/HereSphere access levels). */
export type PlayerAccess = 1 | 0 | -1;

export interface PlayerCredentials {
  username?: unknown;
  password?: unknown;
}

const BCRYPT_HASH = /^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/;
const BCRYPT_ROUNDS = 10;

export function isBcryptHash(value: string): boolean {
  return BCRYPT_HASH.test(value);
}

export function hashPlayerPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, BCRYPT_ROUNDS);
}

function sent(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The players' optional login (interfaces.deovr: auth_enabled, username, password as a bcrypt hash). It
 * applies only when auth is on AND a username and a password are set, like the reference; otherwise
 * everybody is granted.
 */
export class PlayerAuth {
  constructor(private readonly options: OptionsService) {}

  async check(credentials: PlayerCredentials): Promise<PlayerAccess> {
    const { auth_enabled, username, password } = this.options.get().interfaces.deovr;
    if (!auth_enabled || username === '' || password === '') return 1;
    const login = sent(credentials.username);
    const secret = sent(credentials.password);
    if (login === undefined && secret === undefined) return 0;
    if (login === undefined || secret === undefined || !sameText(login, username)) return -1;
    // A stored value that is not a hash (edited by hand) is compared as text.
    const matches = isBcryptHash(password)
      ? await bcrypt.compare(secret, password)
      : sameText(secret, password);
    return matches ? 1 : -1;
  }
}
