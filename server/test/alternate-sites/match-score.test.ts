import { SiteMatchParams } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { titleKey } from '../../src/alternate-sites/alternate-title';
import {
  bestCandidate,
  matchQuery,
  scoreCandidate,
  weightedMatchType,
  type AlternateFacts,
  type CandidateFacts,
} from '../../src/alternate-sites/match-score';

const params = (values: Partial<SiteMatchParams> = {}) => SiteMatchParams.parse(values);

const alt: AlternateFacts = {
  title: 'Garden Party Deluxe',
  cast: ['Lena Moor'],
  released: '2026-05-10',
  duration: 40,
  synopsis: 'A sunny garden afternoon.',
};

const candidate = (id: number, values: Partial<CandidateFacts>): CandidateFacts => ({
  id,
  sceneId: `s-${id}`,
  title: '',
  cast: [],
  released: '',
  duration: 0,
  synopsis: '',
  ...values,
});

describe('titleKey', () => {
  it('reads "and" and "+" as "&" and drops punctuation, spaces and case', () => {
    expect(titleKey('Sun and Fun: Part 2!')).toBe(titleKey('sun & fun - part 2'));
    expect(titleKey('Ride+Go (Again)')).toBe('ride&goagain');
    expect(titleKey('Sun and Fun')).not.toBe(titleKey('Sun or Fun'));
  });
});

describe('scoreCandidate', () => {
  it('adds each criterion’s boost when it holds', () => {
    const full = candidate(1, {
      title: 'Garden Party Deluxe',
      cast: ['Lena Moor'],
      released: '2026-05-12',
      duration: 40,
      synopsis: 'garden afternoon',
    });
    // title run 4 + three words x 1.5 + cast 2 + released 2 + duration 1 + two description words x 0.25
    expect(scoreCandidate(alt, full, params())?.score).toBeCloseTo(4 + 4.5 + 2 + 2 + 1 + 0.5);
    const castWordOnly = candidate(2, { cast: ['Lena'] });
    expect(scoreCandidate(alt, castWordOnly, params())?.score).toBeCloseTo(1.5);
  });

  it('excludes candidates a "must" criterion does not hold for, and ignores "do not" criteria', () => {
    const late = candidate(3, { title: 'Garden Party', released: '2026-06-30' });
    expect(scoreCandidate(alt, late, params({ released_match_type: 'must' }))).toBeNull();
    expect(scoreCandidate(alt, late, params())).not.toBeNull();
    const noCast = candidate(4, { title: 'Garden Party' });
    expect(scoreCandidate(alt, noCast, params({ cast_match_type: 'must' }))).toBeNull();
    const castOnly = candidate(5, { cast: ['Lena Moor'] });
    expect(scoreCandidate(alt, castOnly, params({ cast_match_type: 'do not' }))?.score).toBe(0);
  });
});

describe('bestCandidate', () => {
  it('takes the highest score, and nothing without enough evidence', () => {
    const weak = candidate(1, { title: 'Deluxe Night', released: '2026-05-10' });
    const strong = candidate(2, { title: 'Garden Party', cast: ['Lena Moor'] });
    expect(bestCandidate(alt, [weak, strong], params())?.candidate.id).toBe(2);
    // one title word of three and no cast: not a link, whatever the date adds
    expect(bestCandidate(alt, [weak], params())).toBeNull();
  });

  it('breaks ties by the closer release date', () => {
    const far = candidate(1, { title: 'Garden Party', released: '2026-05-01' });
    const near = candidate(2, { title: 'Garden Party', released: '2026-05-11' });
    expect(bestCandidate(alt, [far, near], params())?.candidate.id).toBe(2);
  });
});

describe('weightedMatchType and matchQuery', () => {
  it('keeps weighted match types between 1 and 9999', () => {
    expect(weightedMatchType(0.4)).toBe(1);
    expect(weightedMatchType(12.7)).toBe(12);
    expect(weightedMatchType(50_000)).toBe(9999);
  });

  it('writes the criteria in the search box syntax', () => {
    const query = matchQuery(alt, params({ released_match_type: 'must' }), 'Garden Studio (SLR)');
    expect(query).toContain('+site:"garden studio"');
    expect(query).toContain('title:"garden party deluxe"^4');
    expect(query).toContain('+released:>=2026-04-26^2');
    expect(query).toContain('+released:<=2026-05-17^2');
  });
});
