import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { applyChain, type ScrapeValue } from '../../src/actor-scraper/post-processing';
import {
  PostProcessing,
  type PostProcessingName,
  type SubRule,
} from '../../src/actor-scraper/rule-set.schema';

const context = { pageUrl: 'https://studio.example/models/anna-test/' };

/** One function on one text value; empty results (which the field assignment ignores) left out. */
function run(name: PostProcessingName, text: string, ...params: string[]): string[] {
  const step = PostProcessing.parse({ post_processing: name, params });
  return applyChain([{ text, node: null }], [step], context)
    .map((value) => value.text)
    .filter((value) => value !== '');
}

/** One function on the first element the selector finds in the HTML. */
function runOn(
  html: string,
  selector: string,
  name: PostProcessingName,
  subRule?: Partial<SubRule>,
): string[] {
  const $ = load(html);
  const node = $(selector).first();
  const value: ScrapeValue = { text: node.text().trim(), node };
  const step = PostProcessing.parse({ post_processing: name, params: [], sub_rule: subRule ?? null });
  return applyChain([value], [step], context).map((entry) => entry.text);
}

describe('the post-processing functions', () => {
  it('Lookup Country: the reference words, country names and codes from the local list, else the input', () => {
    expect(run('Lookup Country', ' American ')).toEqual(['US']);
    expect(run('Lookup Country', 'united states')).toEqual(['US']);
    expect(run('Lookup Country', 'Scottish')).toEqual(['GB']);
    expect(run('Lookup Country', 'Czechia')).toEqual(['CZ']);
    expect(run('Lookup Country', 'hungary')).toEqual(['HU']);
    expect(run('Lookup Country', 'Atlantis')).toEqual(['Atlantis']);
  });

  it('Parse Date: Go layouts, ordinal suffixes dropped, impossible days empty', () => {
    expect(run('Parse Date', 'Mar 5, 1994', 'Jan 2, 2006')).toEqual(['1994-03-05']);
    expect(run('Parse Date', 'August 21st, 1990', 'January 2, 2006')).toEqual(['1990-08-21']);
    expect(run('Parse Date', 'June 3rd, 1999', 'January 2, 2006')).toEqual(['1999-06-03']);
    expect(run('Parse Date', '19921130', '20060102')).toEqual(['1992-11-30']);
    expect(run('Parse Date', '07/04/1995', '01/02/2006')).toEqual(['1995-07-04']);
    expect(run('Parse Date', '07/04/1995', '02/01/2006')).toEqual(['1995-04-07']);
    expect(run('Parse Date', 'Sep. 9, 1991', 'Jan. 2, 2006')).toEqual(['1991-09-09']);
    expect(run('Parse Date', 'Feb 30, 1991', 'Jan 2, 2006')).toEqual([]);
    expect(run('Parse Date', 'unknown', 'Jan 2, 2006')).toEqual([]);
  });

  it('inch to cm and lbs to kg round; text that is no number is dropped', () => {
    expect(run('inch to cm', '34')).toEqual(['86']);
    expect(run('lbs to kg', '120')).toEqual(['54']);
    expect(run('inch to cm', 'n/a')).toEqual([]);
  });

  it('Feet+Inches to cm: the two groups as centimetres, unchanged without a match', () => {
    expect(run('Feet+Inches to cm', `5'7"`, String.raw`(\d+)\'(\d+)\"`, '1', '2')).toEqual(['170']);
    expect(run('Feet+Inches to cm', '5 ft 4', String.raw`(\d+)\D*(\d{1,2})`, '1', '2')).toEqual(['163']);
    expect(run('Feet+Inches to cm', 'tall', String.raw`(\d+)\'(\d+)\"`, '1', '2')).toEqual(['tall']);
  });

  it('jsonString: a gjson path into the value, HTML entities decoded and trimmed', () => {
    const json = JSON.stringify({ props: { model: { Bio: ' Likes &amp; dislikes ', tags: ['a'] } } });
    expect(run('jsonString', json, 'props.model.Bio')).toEqual(['Likes & dislikes']);
    expect(run('jsonString', json, 'props.model.tags')).toEqual(['["a"]']);
    expect(run('jsonString', 'not json', 'a')).toEqual([]);
  });

  it('RegexString: group 0 is the whole match, n the nth group, empty when missing', () => {
    expect(run('RegexString', 'Height: 170 cm', String.raw`\d+`, '0')).toEqual(['170']);
    expect(run('RegexString', 'Country: Spain', String.raw`Country:\s*(.*)`, '1')).toEqual(['Spain']);
    expect(run('RegexString', 'Country: Spain', String.raw`City:\s*(.*)`, '1')).toEqual([]);
    expect(
      run('RegexString', '<h2>Bio</h2>\nline one\nline two', String.raw`(?s)<h2>Bio<\/h2>(.*)`, '1'),
    ).toEqual(['\nline one\nline two']);
  });

  it('RegexReplaceAll uses Go replacement templates; Replace changes the first occurrence only', () => {
    expect(run('RegexReplaceAll', 'anna-test', '^(.*)$', 'https://x.example/$0')).toEqual([
      'https://x.example/anna-test',
    ]);
    expect(run('RegexReplaceAll', 'a1b22', String.raw`(\d+)`, '[${1}]')).toEqual(['a[1]b[22]']);
    expect(run('Replace', 'a-b-c', '-', '+')).toEqual(['a+b-c']);
  });

  it('AbsoluteUrl resolves against the page; RemoveQueryParams drops the query', () => {
    expect(run('AbsoluteUrl', '/img/anna.jpg')).toEqual(['https://studio.example/img/anna.jpg']);
    expect(run('RemoveQueryParams', 'https://cdn.example/a.jpg?w=300&h=2')).toEqual([
      'https://cdn.example/a.jpg',
    ]);
  });

  it('SetWhenValueContains / SetWhenValueNotContains replace the whole value', () => {
    expect(run('SetWhenValueContains', 'Tags: Trans, Blonde', 'Trans', 'Transgender Female')).toEqual([
      'Transgender Female',
    ]);
    expect(run('SetWhenValueContains', 'Tags: Blonde', 'Trans', 'Transgender Female')).toEqual([
      'Tags: Blonde',
    ]);
    expect(run('SetWhenValueNotContains', 'Tags: Blonde', 'Trans', 'Female')).toEqual(['Female']);
    expect(run('SetWhenValueNotContains', 'Tags: Trans', 'Trans', 'Female')).toEqual(['Tags: Trans']);
  });

  it('UnescapeString decodes HTML entities and leaves tags alone', () => {
    expect(run('UnescapeString', 'Tom &amp; Jerry &eacute; <b>x</b>')).toEqual(['Tom & Jerry é <b>x</b>']);
  });

  it('DOMNext gives the next element’s text, DOMNextText the next text node', () => {
    const html =
      '<dl><dt class="k">Hair</dt> Auburn <dd>ignored</dd></dl><div><b id="m">Measurements:</b> 34-24-35</div>';
    expect(runOn(html, 'dt.k', 'DOMNext')).toEqual(['ignored']);
    expect(runOn(html, 'dt.k', 'DOMNextText')).toEqual(['Auburn']);
    expect(runOn(html, 'b#m', 'DOMNextText')).toEqual(['34-24-35']);
  });

  it('CollyForEach runs its sub-rule inside the element, in its first..last range', () => {
    const html =
      '<ul id="bio"><li><a href="/a">One</a></li><li><a href="/b">Two</a></li><li><a href="/c">Three</a></li></ul>';
    expect(
      runOn(html, 'ul#bio', 'CollyForEach', {
        selector: 'li a',
        result_type: 'attr',
        attribute: 'href',
        first: 2,
        last: 3,
        post_processing: [{ post_processing: 'AbsoluteUrl', params: [] }],
      }),
    ).toEqual(['https://studio.example/b', 'https://studio.example/c']);
  });
});
