import { describe, expect, it } from 'vitest';
import type { Step } from '../../../src/scrapers/definitions/definition.schema';
import { parseDate } from '../../../src/scrapers/engine/date-parse';
import { parseDuration } from '../../../src/scrapers/engine/duration';
import { applySteps } from '../../../src/scrapers/engine/steps';
import { mapResolver, renderTemplate, slugify } from '../../../src/scrapers/engine/template';

const context = {
  baseUrl: 'https://site.example/videos/page-2',
  vars: mapResolver({ site: 'VRSite', id: 'vrsite' }),
};
const run = (steps: Step[], values: string[]) => applySteps(steps, values, context);

describe('steps', () => {
  it('trims, changes case, collapses space and strips tags', () => {
    expect(run(['trim'], ['  a b  '])).toEqual(['a b']);
    expect(run(['lowercase'], ['AbC'])).toEqual(['abc']);
    expect(run(['uppercase'], ['AbC'])).toEqual(['ABC']);
    expect(run(['collapse_space'], ['  a \n\t b  '])).toEqual(['a b']);
    expect(run(['strip_tags'], ['<p>Tom &amp; Jerry<br>go</p> &#39;home&#39;'])).toEqual([
      "Tom & Jerry\ngo 'home'",
    ]);
  });

  it('makes URLs absolute against the page, strips queries and trailing slashes', () => {
    expect(
      run(['absolute_url'], ['/scene/1', 'scene/2', '//cdn.example/x.jpg', 'javascript:alert(1)']),
    ).toEqual([
      'https://site.example/scene/1',
      'https://site.example/videos/scene/2',
      'https://cdn.example/x.jpg',
    ]);
    expect(run(['strip_query'], ['https://a.example/x?y=1#z'])).toEqual(['https://a.example/x']);
    expect(run(['trim_slash'], ['https://a.example/x//'])).toEqual(['https://a.example/x']);
  });

  it('picks first, last and unique entries and reads booleans', () => {
    expect(run(['first'], ['a', 'b'])).toEqual(['a']);
    expect(run(['last'], ['a', 'b'])).toEqual(['b']);
    expect(run(['unique'], ['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(run(['to_bool'], ['yes', 'false', '0', 'Available'])).toEqual(['true', 'true']);
  });

  it('replaces, cuts with regular expressions, splits and maps', () => {
    expect(run([{ replace: ['arrow_drop_up', ''] }, 'trim'], ['Text arrow_drop_up'])).toEqual(['Text']);
    expect(run([{ regex_replace: ['\\s*\\|.*$', ''] }], ['Title | Site'])).toEqual(['Title']);
    expect(run([{ regex: '-(\\d+)\\.html' }], ['/a-123.html', '/none'])).toEqual(['123']);
    expect(run([{ regex: '\\d+' }], ['id 77'])).toEqual(['77']);
    expect(run([{ split: ',' }], ['a, b,,c'])).toEqual(['a', 'b', 'c']);
    expect(run([{ map: { Doggy: 'doggystyle' } }], ['doggy', 'other'])).toEqual(['doggystyle', 'other']);
  });

  it('adds prefixes, suffixes, templates and defaults; drops and keeps', () => {
    expect(run([{ prefix: 'https:' }, { suffix: '?x' }], ['//a/b'])).toEqual(['https://a/b?x']);
    expect(run([{ template: '{site}_{value}.mp4' }], ['scene'])).toEqual(['VRSite_scene.mp4']);
    expect(run([{ default: 'none' }], [])).toEqual(['none']);
    expect(run([{ default: 'none' }], ['x'])).toEqual(['x']);
    expect(run([{ drop: ['VR', '180'] }], ['vr', 'Blonde', '180'])).toEqual(['Blonde']);
    expect(run([{ keep: '^model' }], ['model a', 'tag b'])).toEqual(['model a']);
  });

  it('parses dates with moment tokens, ISO stamps and Unix seconds', () => {
    expect(run([{ parse_date: 'MMM D, YYYY' }], ['Released: Jan 2, 2020'])).toEqual(['2020-01-02']);
    expect(run([{ parse_date: 'Do MMMM YYYY' }], ['21st March 2023'])).toEqual(['2023-03-21']);
    expect(parseDate('2019/07/04', 'YYYY/MM/DD')).toBe('2019-07-04');
    expect(parseDate('04.07.19', 'DD.MM.YY')).toBe('2019-07-04');
    expect(parseDate('Sept. 3, 2021', 'MMM D, YYYY')).toBe('2021-09-03');
    expect(parseDate('Published on 3 May 2021', '[Published on] D MMMM YYYY')).toBe('2021-05-03');
    expect(parseDate('2024-02-30', 'YYYY-MM-DD')).toBe('');
    expect(parseDate('Smarch 3, 2021', 'MMMM D, YYYY')).toBe('');
    expect(parseDate('2021-06-01T10:00:00Z', 'iso')).toBe('2021-06-01');
    expect(parseDate('1600000000', 'unix')).toBe('2020-09-13');
    expect(run([{ parse_date: 'YYYY-MM-DD' }], ['no date'])).toEqual([]);
  });

  it('turns durations into whole minutes, dropping the seconds as the reference does', () => {
    expect(run([{ duration: 'iso' }], ['PT1H2M30S'])).toEqual(['62']);
    expect(run([{ duration: 'clock' }], ['1:02:03', '45:40'])).toEqual(['62', '45']);
    expect(run([{ duration: 'minutes' }], ['62 min'])).toEqual(['62']);
    expect(run([{ duration: 'seconds' }], ['3779'])).toEqual(['62']);
    expect(run([{ duration: 'text' }], ['1h 5m', '45 mins 40 sec'])).toEqual(['65', '45']);
    expect(parseDuration('nothing', 'iso')).toBeNull();
    expect(run([{ duration: 'clock' }], ['soon'])).toEqual([]);
  });

  it('converts units', () => {
    expect(run([{ unit: 'inches_to_cm' }], ['34 in'])).toEqual(['86']);
    expect(run([{ unit: 'feet_inches_to_cm' }], [`5'7"`, '5 ft 2 in', 'tall'])).toEqual(['170', '157']);
    expect(run([{ unit: 'lbs_to_kg' }], ['120 lbs'])).toEqual(['54']);
  });

  it('contains a step that throws: the value becomes empty and later steps still run', () => {
    const broken = { regex: '(' } as Step;
    expect(run([broken], ['a'])).toEqual([]);
    expect(run([broken, { default: 'fallback' }], ['a'])).toEqual(['fallback']);
  });
});

describe('templates and slugs', () => {
  it('slugs as scraper-sites.md §1 defines it', () => {
    expect(slugify('Czech VR Fetish')).toBe('czech-vr-fetish');
    expect(slugify("Tonight's Girlfriend VR")).toBe('tonight-s-girlfriend-vr');
    expect(slugify('NaughtyAmerica VR')).toBe('naughtyamerica-vr');
    expect(slugify('  Ångström -- Straße!  ')).toBe('angstrom-strasse');
  });

  it('renders variables and transforms and reports the empty ones', () => {
    const vars = mapResolver({ site: 'Czech VR', id: '12', q: 'a b' });
    expect(renderTemplate('{slug:site}-{id}', vars)).toEqual({ text: 'czech-vr-12', missing: [] });
    expect(renderTemplate('{lower:site}/{url:q}', vars).text).toBe('czech vr/a%20b');
    expect(renderTemplate('{site}-{nothing}', vars)).toEqual({ text: 'Czech VR-', missing: ['nothing'] });
  });
});
