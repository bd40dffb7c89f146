import { createHmac, randomBytes } from 'node:crypto';
import type { AuthSettingsRepository, StoredAuth } from './auth-settings.repository';

/** FOVEA_USERNAME and FOVEA_PASSWORD, when both were given. */
export interface EnvironmentLogin {
  username: string;
  password: string;
}

/** The login in force: from the environment (which wins) or stored, with its credentials version. */
export type ActiveLogin =
  | { source: 'environment'; username: string; password: string; version: string }
  | { source: 'stored'; username: string; passwordHash: string; version: string };

/**
 * The auth settings in memory, written through to the kv table one change at a time. The session secret is made
 * the first time a login needs it (so a library that never sets one stores nothing).
 */
export class AuthSettingsStore {
  private settings: StoredAuth | null = null;
  private writes: Promise<void> = Promise.resolve();
  private envVersion: { secret: string; version: string } | undefined;

  constructor(
    private readonly repo: AuthSettingsRepository,
    private readonly environment: EnvironmentLogin | undefined,
  ) {}

  async load(): Promise<void> {
    this.settings = await this.repo.load();
    if (this.environment !== undefined && this.settings === null) await this.update((current) => current);
  }

  get(): StoredAuth | null {
    return this.settings;
  }

  /** The login in force, or null when none is set. */
  activeLogin(): ActiveLogin | null {
    const settings = this.settings;
    if (settings === null) return null;
    if (this.environment !== undefined) {
      const { username, password } = this.environment;
      return { source: 'environment', username, password, version: this.environmentVersion(settings) };
    }
    if (settings.login === null) return null;
    return { source: 'stored', ...settings.login, version: `s${settings.version}` };
  }

  /** The environment's login has no counter: its version follows the credentials themselves. */
  private environmentVersion(settings: StoredAuth): string {
    if (this.envVersion?.secret !== settings.secret) {
      const { username, password } = this.environment ?? { username: '', password: '' };
      const digest = createHmac('sha256', this.secret(settings))
        .update(`${username}\n${password}`)
        .digest('hex');
      this.envVersion = { secret: settings.secret, version: `e${digest.slice(0, 16)}` };
    }
    return this.envVersion.version;
  }

  fromEnvironment(): boolean {
    return this.environment !== undefined;
  }

  secret(settings: StoredAuth): Buffer {
    return Buffer.from(settings.secret, 'base64');
  }

  /** Applies a change (to the settings as stored, made with a fresh secret when none exist yet) and saves it. */
  update(change: (current: StoredAuth) => StoredAuth): Promise<StoredAuth> {
    const run = this.writes.then(async () => {
      const current = this.settings ?? {
        version: 0,
        secret: randomBytes(32).toString('base64'),
        login: null,
        apiKeys: [],
        nextKeyId: 1,
      };
      const next = change(current);
      await this.repo.save(next);
      this.settings = next;
      return next;
    });
    this.writes = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
