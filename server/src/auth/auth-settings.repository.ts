import { z } from 'zod';
import type { KvRepository } from '../repositories/kv.repository';

/** The kv key of the login, the session secret and the API keys (never carried by a bundle). */
export const AUTH_KV_KEY = 'auth';

const StoredApiKey = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** SHA-256 of the key, hex: the key itself is shown once and never kept. */
  hash: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type StoredApiKey = z.infer<typeof StoredApiKey>;

const StoredAuth = z.object({
  /** Bumped on every change of the login: sessions and media links of an older version are void. */
  version: z.number().int().nonnegative(),
  /** The session signing secret, 32 random bytes as base64; made once and kept. */
  secret: z.string().min(1),
  login: z.object({ username: z.string().min(1), passwordHash: z.string().min(1) }).nullable(),
  apiKeys: z.array(StoredApiKey),
  nextKeyId: z.number().int().positive(),
});
export type StoredAuth = z.infer<typeof StoredAuth>;

/** The auth settings as one JSON document in the kv table. */
export class AuthSettingsRepository {
  constructor(private readonly kv: KvRepository) {}

  /**
   * The stored settings, or null before anything was stored. A row that cannot be read stops the start rather
   * than leaving Fovea open without its login.
   */
  async load(): Promise<StoredAuth | null> {
    const text = await this.kv.get(AUTH_KV_KEY);
    if (text === undefined) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = StoredAuth.safeParse(value);
    if (!parsed.success) {
      throw new Error(
        `The login settings (kv row "${AUTH_KV_KEY}") cannot be read; delete that row to turn the login off.`,
      );
    }
    return parsed.data;
  }

  async save(settings: StoredAuth): Promise<void> {
    await this.kv.set(AUTH_KV_KEY, JSON.stringify(settings));
  }
}
