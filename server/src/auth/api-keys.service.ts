import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyCreated, ApiKeyInfo } from '@fovea/contract';
import { ConflictError, NotFoundError } from '../http/http-errors';
import type { Logger } from '../logging/logger';
import type { StoredApiKey } from './auth-settings.repository';
import type { AuthSettingsStore } from './auth-settings.store';

/** Keys kept at most (each is a few hundred bytes of the settings row). */
export const MAX_API_KEYS = 100;
/** A key's last use is written at most this often. */
const LAST_USED_EVERY_MS = 60_000;
const KEY_PREFIX = 'fovea_';

const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const info = (key: StoredApiKey): ApiKeyInfo => ({
  id: key.id,
  name: key.name,
  createdAt: key.createdAt,
  lastUsedAt: key.lastUsedAt,
});

/**
 * API keys for scripts: `fovea_` + 32 random bytes (base64url), shown once at creation; only their SHA-256 is
 * kept. A key opens every route while a login is set, like a session.
 */
export class ApiKeyService {
  /** When each key's use was last noted (a write may still be under way). */
  private readonly noted = new Map<number, number>();

  constructor(
    private readonly store: AuthSettingsStore,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): ApiKeyInfo[] {
    return (this.store.get()?.apiKeys ?? []).map(info);
  }

  async create(name: string): Promise<ApiKeyCreated> {
    if ((this.store.get()?.apiKeys.length ?? 0) >= MAX_API_KEYS) {
      throw new ConflictError(
        `There are already ${MAX_API_KEYS} API keys; delete one you no longer use first.`,
      );
    }
    const secret = KEY_PREFIX + randomBytes(32).toString('base64url');
    let created: StoredApiKey | undefined;
    await this.store.update((current) => {
      created = {
        id: current.nextKeyId,
        name,
        hash: hashOf(secret),
        createdAt: this.now().toISOString(),
        lastUsedAt: null,
      };
      return { ...current, apiKeys: [...current.apiKeys, created], nextKeyId: current.nextKeyId + 1 };
    });
    if (created === undefined) throw new Error('the API key was not stored');
    return { key: info(created), secret };
  }

  async delete(id: number): Promise<void> {
    if (!(this.store.get()?.apiKeys ?? []).some((key) => key.id === id)) {
      throw new NotFoundError(`There is no API key ${id}`);
    }
    await this.store.update((current) => ({
      ...current,
      apiKeys: current.apiKeys.filter((key) => key.id !== id),
    }));
    this.noted.delete(id);
  }

  /** Whether a sent key is one of ours; notes its use (written at most once a minute per key). */
  matches(secret: string | undefined): boolean {
    if (secret === undefined || !secret.startsWith(KEY_PREFIX) || secret.length > 200) return false;
    const hash = hashOf(secret);
    const key = this.store.get()?.apiKeys.find((candidate) => candidate.hash === hash);
    if (key === undefined) return false;
    const now = this.now();
    const last = this.noted.get(key.id) ?? (key.lastUsedAt === null ? 0 : Date.parse(key.lastUsedAt));
    if (now.getTime() - last >= LAST_USED_EVERY_MS) {
      this.noted.set(key.id, now.getTime());
      this.noteUse(key.id, now);
    }
    return true;
  }

  private noteUse(id: number, at: Date): void {
    this.store
      .update((current) => ({
        ...current,
        apiKeys: current.apiKeys.map((key) =>
          key.id === id ? { ...key, lastUsedAt: at.toISOString() } : key,
        ),
      }))
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'the last use of an API key was not saved'),
      );
  }
}
