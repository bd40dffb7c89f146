import { describe, expect, it } from 'vitest';
import { Step } from '../../../src/scrapers/definitions/definition.schema';
import { parseCsv } from '../../../src/scrapers/engine/csv';
import { readSessionValue } from '../../../src/scrapers/engine/session-vars';
import { applySteps } from '../../../src/scrapers/engine/steps';
import { mapResolver, renderTemplate } from '../../../src/scrapers/engine/template';

const run = (steps: unknown[], values: string[]) =>
  applySteps(
    steps.map((step) => Step.parse(step)),
    values,
    { baseUrl: 'https://site.example/', vars: () => undefined },
  );

describe('templates: the json and slug_noquote transforms', () => {
  it('escapes a value for the inside of a JSON string', () => {
    const vars = mapResolver({ q: 'say "hi"\\ \n', 'session.key': 'k1' });
    const rendered = renderTemplate('{"q":"{json:q}","k":"{session.key}"}', vars);
    expect(JSON.parse(rendered.text)).toEqual({ q: 'say "hi"\\ \n', k: 'k1' });
  });

  it('drops apostrophes before the slug, where {slug:} turns them into a dash', () => {
    const vars = mapResolver({ title: "It's Rae’s Night" });
    expect(renderTemplate('{slug:title}|{slug_noquote:title}', vars).text).toBe(
      'it-s-rae-s-night|its-raes-night',
    );
  });
});

describe('the CSV parser (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and LF rows', () => {
    const text = '\ufeffa,"b,1","say ""x"""\r\n"multi\nline",,c\n\nlast,row';
    expect(parseCsv(text)).toEqual([
      ['a', 'b,1', 'say "x"'],
      ['multi\nline', '', 'c'],
      ['last', 'row'],
    ]);
  });

  it('keeps a trailing empty field and ignores a final line break', () => {
    expect(parseCsv('x,\r\n')).toEqual([['x', '']]);
  });
});

describe('steps: url_decode, join, rest and the JSON steps', () => {
  it('decodes percent-encoding (a + is a space) and keeps what cannot be decoded', () => {
    expect(run(['url_decode'], ['my%20file+1.mp4', 'bad%zz'])).toEqual(['my file 1.mp4', 'bad%zz']);
  });

  it('joins entries and drops the first', () => {
    expect(run([{ join: ', ' }], ['a', 'b'])).toEqual(['a, b']);
    expect(run(['rest'], ['a', 'b', 'c'])).toEqual(['b', 'c']);
  });

  it('enumerates object values and reads paths in them', () => {
    const poster = JSON.stringify({ '0': { xl: { webp: 'p0' } }, '1': { xl: { webp: 'p1' } } });
    expect(run(['json_values', { json_path: 'xl.webp' }], [poster])).toEqual(['p0', 'p1']);
    expect(run(['json_values'], ['not json'])).toEqual([]);
  });

  it('remakes entries as objects and gathers them in one array', () => {
    const files = [
      JSON.stringify({ format: '1080p', urls: { view: 'https://t/1.mp4' } }),
      JSON.stringify({ format: '4k', urls: {} }),
    ];
    expect(
      run([{ to_json: { url: 'urls.view', quality: 'format' } }, { json_array: 'video_sources' }], files),
    ).toEqual(['{"video_sources":[{"url":"https://t/1.mp4","quality":"1080p"},{"quality":"4k"}]}']);
    expect(run([{ json_array: '' }], ['1', 'x'])).toEqual(['[1,"x"]']);
  });
});

describe('session values', () => {
  it('takes the regex group, then a JSON path inside it', () => {
    const page = 'x; window.__JUAN.rawInstance = {"jwt":"t.o.k","a":1}; y';
    expect(readSessionValue(page, { regex: 'rawInstance = (\\{.*?\\});', json: 'jwt' })).toBe('t.o.k');
    expect(readSessionValue('{"key":"abc"}', { json: 'key' })).toBe('abc');
    expect(readSessionValue('nothing here', { regex: 'key=(\\w+)' })).toBe('');
  });
});
