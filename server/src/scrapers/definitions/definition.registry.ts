import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { DefinitionInfo, SingleSceneRoute } from '@fovea/contract';
import { invalidText, parseDefinition } from './definition-parse';
import type { ScraperDefinition, SiteEntry } from './definition.schema';

/**
 * The scraper definitions in use: the built-in files, overridden by id by the owner's files in
 * <data folder>/scrapers/. An invalid file keeps its previous valid version in use and reports
 * `definition invalid: file:line: why`. Definitions are frozen: a run keeps the object it started with while
 * a reload replaces the registry's entry.
 */

export interface DefinitionLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DefinitionRegistryDeps {
  builtinDir: string;
  userDir: string;
  logger: DefinitionLogger;
  /** Called after every load and reload (explicit or by the watcher), with the new list. */
  onChange(infos: DefinitionInfo[]): void;
  /** The watcher's quiet time before a reload (ms). */
  debounceMs?: number;
  /**
   * Sites from outside the files (the owner's custom sites), read on every load: entries by definition id,
   * appended to that definition's own sites. An entry whose site id is already defined is left out.
   */
  extraSites?: () => Promise<ReadonlyMap<string, readonly SiteEntry[]>>;
}

export interface RegisteredSite {
  definition: ScraperDefinition;
  site: SiteEntry;
  /** Whether the definition's file is a built-in one (its requests never reach private addresses). */
  builtin: boolean;
  /** True for a site from `extraSites` (an owner's custom site), never a built-in site itself. */
  custom?: boolean;
}

interface FileState {
  path: string;
  file: string;
  builtin: boolean;
  /** The last valid version of the file (in use unless overridden or clashing). */
  valid: ScraperDefinition | null;
  siteIdLines: number[];
  error: string;
  rawId: string;
  rawSiteIds: string[];
}

interface Active {
  state: FileState;
  definition: ScraperDefinition;
  overridesBuiltin: boolean;
}

const DEFINITION_FILE = /\.ya?ml$/i;

async function listFiles(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names
      .filter((name) => DEFINITION_FILE.test(name) && !name.startsWith('.'))
      .sort()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

export class DefinitionRegistry {
  private files = new Map<string, FileState>();
  private active: Active[] = [];
  private bySite = new Map<string, RegisteredSite>();
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<DefinitionInfo[]> = Promise.resolve([]);

  constructor(private readonly deps: DefinitionRegistryDeps) {}

  /** Reads every file (the first load). */
  load(): Promise<DefinitionInfo[]> {
    return this.reload();
  }

  /** Reads every file again; reloads never overlap. */
  reload(): Promise<DefinitionInfo[]> {
    this.pending = this.pending.catch(() => []).then(() => this.readAll());
    return this.pending;
  }

  /** Reloads when the owner's folder changes (debounced); `close()` stops it. */
  async watch(): Promise<void> {
    if (this.watcher) return;
    await mkdir(this.deps.userDir, { recursive: true });
    this.watcher = watchFolder(this.deps.userDir, () => this.schedule());
    this.watcher.on('error', (error) =>
      this.deps.logger.warn({ err: error }, 'scraper definitions: watch failed'),
    );
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.watcher?.close();
    this.watcher = null;
  }

  site(siteId: string): RegisteredSite | null {
    return this.bySite.get(siteId) ?? null;
  }

  sites(): RegisteredSite[] {
    return [...this.bySite.values()];
  }

  infos(): DefinitionInfo[] {
    const activeByFile = new Map(this.active.map((entry) => [entry.state.path, entry]));
    const overridden = new Set(
      this.active.filter((entry) => entry.overridesBuiltin).map((entry) => entry.definition.id),
    );
    const infos: DefinitionInfo[] = [];
    for (const state of this.files.values()) {
      const entry = activeByFile.get(state.path);
      if (!entry && state.builtin && state.valid && overridden.has(state.valid.id)) continue;
      const definition = entry?.definition ?? null;
      infos.push({
        id: definition?.id ?? state.valid?.id ?? state.rawId,
        file: state.file,
        builtin: state.builtin,
        overrides_builtin: entry?.overridesBuiltin ?? false,
        version: definition?.version ?? 0,
        engine: definition?.engine ?? '',
        site_ids: definition ? definition.sites.map((site) => site.id) : state.rawSiteIds,
        error: state.error,
      });
    }
    return infos;
  }

  /** What the Create/Import screen routes URLs by; the web picks the first route whose pattern matches. */
  singleSceneRoutes(): SingleSceneRoute[] {
    const specific: SingleSceneRoute[] = [];
    const general: SingleSceneRoute[] = [];
    for (const { definition } of this.active) {
      const single = definition.single_scene;
      if (!single) continue;
      const route = (site: SiteEntry, patterns: readonly string[]): SingleSceneRoute => ({
        site_id: site.id,
        name: site.name,
        url_patterns: [...patterns],
        additional_info: single.additional_info.map((field) => ({ ...field })),
        warnings: [...single.warnings],
      });
      for (const site of definition.sites) {
        const patterns = single.site_by_url
          .filter((entry) => entry.site === site.id)
          .map((entry) => entry.regex);
        if (patterns.length > 0) specific.push(route(site, patterns));
      }
      const first = definition.sites[0];
      if (first) general.push(route(first, single.url_patterns));
    }
    return [...specific, ...general];
  }

  /** The site a single-scene URL belongs to: site_by_url picks the family member, else the first site. */
  routeUrl(url: string): RegisteredSite | null {
    const test = (pattern: string): boolean => {
      try {
        return new RegExp(pattern).test(url);
      } catch {
        return false;
      }
    };
    for (const { definition } of this.active) {
      const single = definition.single_scene;
      if (!single || !single.url_patterns.some(test)) continue;
      const picked = single.site_by_url.find((entry) => test(entry.regex));
      const siteId = picked?.site ?? definition.sites[0]?.id ?? '';
      const registered = this.bySite.get(siteId);
      if (registered && registered.definition === definition) return registered;
      const first = definition.sites[0];
      return first ? (this.bySite.get(first.id) ?? null) : null;
    }
    return null;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reload().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'scraper definitions: reload failed'),
      );
    }, this.deps.debounceMs ?? 300);
    this.timer.unref();
  }

  private async readFileState(path: string, builtin: boolean): Promise<FileState> {
    const file = basename(path);
    const previous = this.files.get(path);
    const fallbackId = basename(path, extname(path));
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { ...this.keep(previous, path, file, builtin), error: invalidText(file, 1, why) };
    }
    const parsed = parseDefinition(text, file, fallbackId);
    if (parsed.ok) {
      return {
        path,
        file,
        builtin,
        valid: parsed.definition,
        siteIdLines: parsed.siteIdLines,
        error: '',
        rawId: parsed.definition.id,
        rawSiteIds: parsed.definition.sites.map((site) => site.id),
      };
    }
    return {
      ...this.keep(previous, path, file, builtin),
      error: parsed.error,
      rawId: parsed.id,
      rawSiteIds: parsed.siteIds,
    };
  }

  private keep(previous: FileState | undefined, path: string, file: string, builtin: boolean): FileState {
    return {
      path,
      file,
      builtin,
      valid: previous?.valid ?? null,
      siteIdLines: previous?.siteIdLines ?? [],
      error: '',
      rawId: previous?.rawId ?? basename(path, extname(path)),
      rawSiteIds: previous?.rawSiteIds ?? [],
    };
  }

  private async readAll(): Promise<DefinitionInfo[]> {
    const paths = [
      ...(await listFiles(this.deps.builtinDir)).map((path) => ({ path, builtin: true })),
      ...(await listFiles(this.deps.userDir)).map((path) => ({ path, builtin: false })),
    ];
    const files = new Map<string, FileState>();
    for (const { path, builtin } of paths) files.set(path, await this.readFileState(path, builtin));
    const extra = await this.readExtraSites();
    const before = this.files;
    this.files = files;
    this.resolveActive();
    this.appendExtraSites(extra);
    for (const state of files.values()) {
      // Each error is logged once, not again on every reload while the file stays the same.
      if (state.error !== '' && before.get(state.path)?.error !== state.error) {
        this.deps.logger.warn({ file: state.file }, state.error);
      }
    }
    const infos = this.infos();
    try {
      this.deps.onChange(infos);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'scraper definitions: change handler failed');
    }
    return infos;
  }

  private async readExtraSites(): Promise<ReadonlyMap<string, readonly SiteEntry[]>> {
    try {
      return (await this.deps.extraSites?.()) ?? new Map();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'scraper definitions: the extra sites could not be read');
      return new Map();
    }
  }

  /** Appends the extra sites to their definitions in use (a new frozen object each), marked `custom`. */
  private appendExtraSites(extra: ReadonlyMap<string, readonly SiteEntry[]>): void {
    for (const entry of this.active) {
      const added = (extra.get(entry.definition.id) ?? []).filter((site) => {
        const taken = this.bySite.get(site.id);
        if (!taken) return true;
        this.deps.logger.warn(
          { site: site.id },
          `site ${site.id} left out of ${entry.definition.id}: the id is already defined in ${taken.definition.id}`,
        );
        return false;
      });
      if (added.length === 0) continue;
      const sites = [...entry.definition.sites, ...added.map((site) => Object.freeze({ ...site }))];
      Object.freeze(sites);
      const definition = Object.freeze({ ...entry.definition, sites });
      entry.definition = definition;
      for (const site of sites) {
        const custom = !this.bySite.has(site.id);
        this.bySite.set(site.id, {
          definition,
          site,
          builtin: entry.state.builtin,
          ...(custom ? { custom } : {}),
        });
      }
    }
  }

  /** Picks the definitions in use: ids unique per group, owner's files override built-ins, site ids unique. */
  private resolveActive(): void {
    const byId = new Map<string, Active>();
    for (const state of this.files.values()) {
      const definition = state.valid;
      if (!definition) continue;
      const existing = byId.get(definition.id);
      if (existing && existing.state.builtin === state.builtin) {
        state.error ||= invalidText(
          state.file,
          1,
          `id ${definition.id} is already used by ${existing.state.file}`,
        );
        continue;
      }
      byId.set(definition.id, { state, definition, overridesBuiltin: existing !== undefined });
    }
    const active: Active[] = [];
    const bySite = new Map<string, RegisteredSite>();
    const siteFile = new Map<string, string>();
    for (const entry of byId.values()) {
      const clash = entry.definition.sites.findIndex((site) => siteFile.has(site.id));
      if (clash !== -1) {
        const siteId = entry.definition.sites[clash]?.id ?? '';
        const line = entry.state.siteIdLines[clash] ?? 1;
        entry.state.error ||= invalidText(
          entry.state.file,
          line,
          `site id ${siteId} is already defined in ${siteFile.get(siteId) ?? ''}`,
        );
        continue;
      }
      active.push(entry);
      for (const site of entry.definition.sites) {
        siteFile.set(site.id, entry.state.file);
        bySite.set(site.id, { definition: entry.definition, site, builtin: entry.state.builtin });
      }
    }
    this.active = active;
    this.bySite = bySite;
  }
}
