import { describe, expect, it } from 'vitest';
import { BUILTIN_RULE_SETS } from '../../src/actor-scraper/builtin-rule-sets';
import { readActorPage } from '../../src/actor-scraper/actor-page-read';
import { RuleSet } from '../../src/actor-scraper/rule-set.schema';

const set = (key: string) => RuleSet.parse(BUILTIN_RULE_SETS[key]);
const read = (key: string, url: string, text: string) =>
  Object.fromEntries(readActorPage(set(key), { url, text }));

describe('built-in rule sets on hand-made pages', () => {
  it('vrporn: a JSON model document with attribute lists', () => {
    const attribute = (key: string, value: string) => ({ key, value });
    const document = {
      data: {
        item: {
          attributes: [
            attribute('birth_place', 'Brno, Czechia'),
            attribute('birthday', '19930412'),
            attribute('height', '172 cm'),
            attribute('weight', '54'),
            attribute('hair_color', 'Brunette'),
            attribute('measurements', '34-24-35'),
          ],
        },
      },
    };
    expect(read('vrporn scrape', 'https://vrporn.com/api/model/x', JSON.stringify(document))).toEqual({
      nationality: ['CZ'],
      birth_date: ['1993-04-12'],
      height: ['172', '172 cm'],
      weight: ['54'],
      hair_color: ['Brunette'],
      band_size: ['86'],
      waist_size: ['61'],
      hip_size: ['89'],
    });
  });

  it('slr: the Person JSON-LD found by its text, and the aliases', () => {
    const person = `{"@context":"https://schema.org/","@type": "Person","name":"Mira Test","birthDate":"May 3, 1996","height":"165 cm","weight":"50 kg","nationality":"Lyon, France","description":"Mira likes fixtures."}`;
    const html = `<html><head><script type="application/ld+json">{"@type":"WebSite"}</script>
<script type="application/ld+json">${person}</script></head><body>
<div data-qa="model-info-aliases"><div class="u-wh">Mira T</div></div></body></html>`;
    expect(read('slr scrape', 'https://www.sexlikereal.com/pornstars/mira-test-1', html)).toEqual({
      birth_date: ['1996-05-03'],
      height: ['165'],
      weight: ['50'],
      nationality: ['FR'],
      biography: ['Mira likes fixtures.'],
      aliases: ['Mira T'],
    });
  });

  it('javdatabase: values in text nodes after labels, and the gender from the tags', () => {
    const html = `<html><body><div><b>Measurements:</b> 83-58-86</div>
<div><p><b>Alt:</b> Yui Sample</p><p>Tags: Slender, Trans</p></div>
<div><b>DOB:</b> <a href="/d">1998-02-11</a></div></body></html>`;
    expect(read('javdatabase scrape', 'https://www.javdatabase.com/idols/yui/', html)).toMatchObject({
      band_size: ['83'],
      waist_size: ['58'],
      hip_size: ['86'],
      aliases: ['Yui Sample'],
      birth_date: ['1998-02-11'],
      gender: ['Transgender Female'],
    });
  });
});
