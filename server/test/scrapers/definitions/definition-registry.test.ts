import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DefinitionInfo } from '@fovea/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DefinitionRegistry } from '../../../src/scrapers/definitions/definition.registry';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';

/** A valid definition file; `extra` lines are appended at the top level. */
function definitionYaml(
  id: string,
  options: { version?: number; sites?: string[]; extra?: string } = {},
): string {
  const sites = (options.sites ?? [id])
    .map(
      (site) =>
        `  - id: ${site}\n    name: ${site.toUpperCase()}\n    studio: Studio\n    domain: ${site}.example`,
    )
    .join('\n');
  return [
    `id: ${id}`,
    `version: ${options.version ?? 1}`,
    'engine: html',
    'sites:',
    sites,
    'listing:',
    `  urls: ['https://${id}.example/videos?page={page}']`,
    '  item: div.card',
    '  link: { sel: a, attr: href }',
    'scene:',
    "  scene_id: '{slug:site}-{site_id}'",
    '  fields:',
    "    site_id: { from: url, regex: '(\\d+)$' }",
    '    title: { sel: h1 }',
    options.extra ?? '',
  ].join('\n');
}

let root: string;
let builtinDir: string;
let userDir: string;
let changes: DefinitionInfo[][];
let registry: DefinitionRegistry;
const warnings: string[] = [];

function makeRegistry(debounceMs = 300): DefinitionRegistry {
  return new DefinitionRegistry({
    builtinDir,
    userDir,
    logger: { info: () => undefined, warn: (_details, message) => warnings.push(message) },
    onChange: (infos) => changes.push(infos),
    debounceMs,
  });
}

beforeEach(() => {
  root = makeTempDir('fovea-definitions-');
  builtinDir = join(root, 'builtin');
  userDir = join(root, 'user');
  mkdirSync(builtinDir);
  mkdirSync(userDir);
  changes = [];
  warnings.length = 0;
  registry = makeRegistry();
});

afterEach(() => {
  registry.close();
  removeTempDir(root);
});

describe('DefinitionRegistry: loading', () => {
  it('loads built-in and owner files and finds sites by id', async () => {
    writeFileSync(join(builtinDir, 'family.yaml'), definitionYaml('family', { sites: ['fam-a', 'fam-b'] }));
    writeFileSync(join(userDir, 'mine.yml'), definitionYaml('mine'));
    writeFileSync(join(userDir, 'notes.txt'), 'not a definition');
    const infos = await registry.load();
    expect(infos).toEqual([
      {
        id: 'family',
        file: 'family.yaml',
        builtin: true,
        overrides_builtin: false,
        version: 1,
        engine: 'html',
        site_ids: ['fam-a', 'fam-b'],
        error: '',
      },
      {
        id: 'mine',
        file: 'mine.yml',
        builtin: false,
        overrides_builtin: false,
        version: 1,
        engine: 'html',
        site_ids: ['mine'],
        error: '',
      },
    ]);
    expect(registry.site('fam-b')).toMatchObject({ builtin: true, site: { id: 'fam-b', name: 'FAM-B' } });
    expect(registry.site('mine')?.builtin).toBe(false);
    expect(registry.site('nobody')).toBeNull();
    expect(registry.sites().map((entry) => entry.site.id)).toEqual(['fam-a', 'fam-b', 'mine']);
    expect(changes).toHaveLength(1);
  });

  it("lets the owner's file override a built-in one with the same id, until it is deleted", async () => {
    writeFileSync(join(builtinDir, 'studio.yaml'), definitionYaml('studio', { version: 1 }));
    writeFileSync(join(userDir, 'my-studio.yaml'), definitionYaml('studio', { version: 7 }));
    const infos = await registry.load();
    expect(infos).toEqual([
      expect.objectContaining({ file: 'my-studio.yaml', overrides_builtin: true, version: 7 }),
    ]);
    expect(registry.site('studio')).toMatchObject({ builtin: false, definition: { version: 7 } });
    rmSync(join(userDir, 'my-studio.yaml'));
    expect(await registry.reload()).toEqual([
      expect.objectContaining({ file: 'studio.yaml', builtin: true, overrides_builtin: false, version: 1 }),
    ]);
    expect(registry.site('studio')).toMatchObject({ builtin: true, definition: { version: 1 } });
  });

  it('reports an invalid file as file:line: why, at the offending node', async () => {
    writeFileSync(join(userDir, 'syntax.yaml'), 'id: broken\nversion: 1\nsites: [\n  - nope: {\n');
    writeFileSync(
      join(userDir, 'schema.yaml'),
      definitionYaml('schema').replace('engine: html', 'engine: xml'),
    );
    writeFileSync(
      join(userDir, 'step.yaml'),
      definitionYaml('step').replace(
        'title: { sel: h1 }',
        'title: { sel: h1, steps: [trim, { explode: 1 }] }',
      ),
    );
    writeFileSync(
      join(userDir, 'selector.yaml'),
      definitionYaml('selector').replace('title: { sel: h1 }', "title: { sel: 'div[' }"),
    );
    const infos = await registry.load();
    const errors = Object.fromEntries(infos.map((info) => [info.file, info.error]));
    expect(errors['selector.yaml']).toBe(
      'definition invalid: selector.yaml:17: scene.fields.title.sel: not a valid CSS selector',
    );
    expect(errors['syntax.yaml']).toMatch(/^definition invalid: syntax\.yaml:\d+: /);
    expect(errors['schema.yaml']).toMatch(/^definition invalid: schema\.yaml:3: engine: /);
    expect(errors['step.yaml']).toBe(
      'definition invalid: step.yaml:17: scene.fields.title.steps.1: not one of the accepted forms',
    );
    expect(infos.find((info) => info.file === 'schema.yaml')).toMatchObject({
      id: 'schema',
      site_ids: ['schema'],
    });
    expect(registry.sites()).toEqual([]);
    expect(warnings).toHaveLength(4);
    await registry.reload();
    expect(warnings).toHaveLength(4);
  });

  it('keeps the previous valid version of a file that turns invalid', async () => {
    const file = join(userDir, 'studio.yaml');
    writeFileSync(file, definitionYaml('studio', { version: 1 }));
    await registry.load();
    writeFileSync(
      file,
      definitionYaml('studio', { version: 2 }).replace("regex: '(\\d+)$'", () => "regex: '(\\d+$'"),
    );
    const infos = await registry.reload();
    expect(infos).toEqual([
      expect.objectContaining({
        version: 1,
        error: expect.stringMatching(
          /^definition invalid: studio\.yaml:16: scene\.fields\.site_id\.regex: not a valid regular expression/,
        ) as unknown,
      }),
    ]);
    expect(registry.site('studio')?.definition.version).toBe(1);
    writeFileSync(file, definitionYaml('studio', { version: 3 }));
    expect(await registry.reload()).toEqual([expect.objectContaining({ version: 3, error: '' })]);
  });

  it('refuses a site id that another file already defines, and a repeated definition id', async () => {
    writeFileSync(join(builtinDir, 'a.yaml'), definitionYaml('a', { sites: ['shared'] }));
    writeFileSync(join(builtinDir, 'b.yaml'), definitionYaml('b', { sites: ['own', 'shared'] }));
    writeFileSync(join(builtinDir, 'c.yaml'), definitionYaml('a', { sites: ['other'] }));
    const infos = await registry.load();
    const errors = Object.fromEntries(infos.map((info) => [info.file, info.error]));
    expect(errors['a.yaml']).toBe('');
    expect(errors['b.yaml']).toBe(
      'definition invalid: b.yaml:9: site id shared is already defined in a.yaml',
    );
    expect(errors['c.yaml']).toBe('definition invalid: c.yaml:1: id a is already used by a.yaml');
    expect(registry.sites().map((entry) => entry.site.id)).toEqual(['shared']);
  });
});

describe('DefinitionRegistry: reloads', () => {
  it('never changes the definition object a run holds; objects are frozen', async () => {
    const file = join(userDir, 'studio.yaml');
    writeFileSync(file, definitionYaml('studio', { version: 1 }));
    await registry.load();
    const held = registry.site('studio');
    writeFileSync(file, definitionYaml('studio', { version: 2 }));
    await registry.reload();
    expect(held?.definition.version).toBe(1);
    expect(registry.site('studio')?.definition.version).toBe(2);
    expect(Object.isFrozen(held?.definition)).toBe(true);
    expect(Object.isFrozen(held?.definition.scene.fields)).toBe(true);
    expect(changes).toHaveLength(2);
  });

  it('watches the owner folder and reloads after a change', async () => {
    registry = makeRegistry(50);
    await registry.load();
    await registry.watch();
    writeFileSync(join(userDir, 'late.yaml'), definitionYaml('late'));
    const deadline = Date.now() + 5000;
    while (registry.site('late') === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(registry.site('late')?.definition.id).toBe('late');
    expect(changes.at(-1)?.map((info) => info.id)).toEqual(['late']);
    registry.close();
    const before = changes.length;
    writeFileSync(join(userDir, 'later.yaml'), definitionYaml('later'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes).toHaveLength(before);
  });
});

describe('DefinitionRegistry: single-scene routes', () => {
  it('routes a URL to the family member site_by_url names, else to the first site', async () => {
    const single = [
      'single_scene:',
      "  url_patterns: ['^https://(?:fam-a|fam-b)\\.example/scene/']",
      '  site_by_url:',
      "    - { regex: '^https://fam-b\\.example/', site: fam-b }",
      '  additional_info:',
      '    - { fieldName: scene_id, fieldPrompt: Scene Id, type: number, required: true }',
      '  warnings: [release_date]',
    ].join('\n');
    writeFileSync(
      join(builtinDir, 'family.yaml'),
      definitionYaml('family', { sites: ['fam-a', 'fam-b'], extra: single }),
    );
    await registry.load();
    expect(registry.routeUrl('https://fam-b.example/scene/1')?.site.id).toBe('fam-b');
    expect(registry.routeUrl('https://fam-a.example/scene/1')?.site.id).toBe('fam-a');
    expect(registry.routeUrl('https://elsewhere.example/scene/1')).toBeNull();
    const additional = [
      { fieldName: 'scene_id', fieldPrompt: 'Scene Id', placeholder: '', required: true, type: 'number' },
    ];
    expect(registry.singleSceneRoutes()).toEqual([
      {
        site_id: 'fam-b',
        name: 'FAM-B',
        url_patterns: ['^https://fam-b\\.example/'],
        additional_info: additional,
        warnings: ['release_date'],
      },
      {
        site_id: 'fam-a',
        name: 'FAM-A',
        url_patterns: ['^https://(?:fam-a|fam-b)\\.example/scene/'],
        additional_info: additional,
        warnings: ['release_date'],
      },
    ]);
  });
});
