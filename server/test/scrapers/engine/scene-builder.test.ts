import { describe, expect, it } from 'vitest';
import { ScraperDefinition, type Extractor } from '../../../src/scrapers/definitions/definition.schema';
import { buildScene } from '../../../src/scrapers/engine/scene-builder';
import { HtmlPage } from '../../../src/scrapers/engine/scene-document';
import { firstSite } from '../support/run-engine';

const URL_101 = 'https://unit.example/scene/101-first';

const PAGE = `<!doctype html><html><head><script id="cfg">not json at all</script></head><body>
  <h1>Title <em>one</em></h1>
  <p class="para">First.</p><p class="para">Second.</p>
  <ul class="tags"><li>a</li><li>b</li></ul>
  <div class="actor" data-name="Zoe"><img src="/z.jpg"></div>
</body></html>`;

function definition(fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return ScraperDefinition.parse({
    id: 'unit',
    version: 1,
    engine: 'html',
    sites: [{ id: 'unit', name: 'Unit Site', studio: 'Unit', domain: 'unit.example' }],
    listing: { urls: ['https://unit.example/'], item: 'div', link: { sel: 'a', attr: 'href' } },
    scene: { scene_id: '{slug:site}-{site_id}', fields: { site_id: { value: '101' }, ...fields }, ...extra },
  });
}

function build(def: ScraperDefinition) {
  const page = new HtmlPage(PAGE, URL_101);
  return buildScene({
    definition: def,
    site: firstSite(def),
    doc: { url: URL_101, html: page, json: undefined, card: null, item: undefined },
    sceneUrl: URL_101,
  });
}

describe('scene builder', () => {
  it('joins every match of a single-value field with all: true, and keeps one list entry with all: false', () => {
    const built = build(
      definition({
        title: { sel: 'h1' },
        synopsis: { sel: 'p.para', all: true },
        tags: { sel: 'ul.tags li', all: false },
        cast: { sel: 'ul.tags li' },
      }),
    );
    expect(built).toMatchObject({
      ok: true,
      scene: { title: 'Title one', synopsis: 'First. Second.', tags: ['a'], cast: ['a', 'b'] },
    });
  });

  it('tries the next alternative when a value template has an empty variable or a script is not JSON', () => {
    const built = build(
      definition({
        title: [
          { value: '{nothing} title' },
          { from: 'script', script: 'script#cfg', json: 'x' },
          { value: 'Third' },
        ],
        members_url: { value: 'https://unit.example/m/{site_id}' },
      }),
    );
    expect(built).toMatchObject({
      ok: true,
      scene: { title: 'Third', membersUrl: 'https://unit.example/m/101' },
    });
  });

  it('adds a merge alternative to what the ones before found, and still skips plain ones after a hit', () => {
    const built = build(
      definition({
        title: { value: 'T' },
        tags: [
          { sel: 'ul.tags li' },
          { value: 'never read' },
          { value: 'Cosplay,Parody', merge: true, steps: [{ split: ',' }] },
          { value: '{nothing}', merge: true },
        ],
        covers: [
          { sel: 'img.none', attr: 'src' },
          { sel: 'div.actor img', attr: 'src', merge: true },
        ],
      }),
    );
    expect(built).toMatchObject({
      ok: true,
      scene: { tags: ['a', 'b', 'Cosplay', 'Parody'], covers: ['/z.jpg'] },
    });
  });

  it('reads actor details from the element itself with :scope', () => {
    const built = build(
      definition(
        { title: { value: 'T' } },
        {
          actor_details: {
            each: { sel: 'div.actor' },
            name: { sel: ':scope', attr: 'data-name' },
            image: { sel: 'img', attr: 'src', steps: ['absolute_url'] },
          },
        },
      ),
    );
    expect(built).toMatchObject({
      ok: true,
      scene: {
        cast: ['Zoe'],
        actorDetails: { Zoe: { imageUrl: 'https://unit.example/z.jpg', profileUrl: '', source: '' } },
      },
    });
  });

  it('contains a throwing step and a broken selector that slipped past validation: the field is empty', () => {
    const valid = definition({ title: { sel: 'h1' }, synopsis: { sel: 'p.para' } });
    const broken: Extractor = { from: 'page', sel: 'p.para', steps: [{ regex: '(' }] };
    const badSelector: Extractor = { from: 'page', sel: 'div[', steps: [] };
    const def: ScraperDefinition = {
      ...valid,
      scene: { ...valid.scene, fields: { ...valid.scene.fields, synopsis: broken, tags: badSelector } },
    };
    expect(build(def)).toMatchObject({ ok: true, scene: { title: 'Title one', synopsis: '', tags: [] } });
  });

  it('rejects a scene whose id template has an empty variable', () => {
    const def = definition({ title: { sel: 'h1' }, site_id: { sel: 'span.none' } });
    expect(build(def)).toEqual({ ok: false, reason: 'no scene id: {site_id} empty' });
  });
});
