import { describe, expect, it } from 'vitest';
import { pageKey, ruleKey, studioMatching } from '../../src/stashdb-run/stashdb-studio-matching';

/** Whether a rule of the site matches a scene (its scene_id and page) to a StashDB URL. */
function matches(
  siteId: string,
  siteName: string,
  scene: { scene_id: string; scene_url: string },
  url: string,
) {
  return studioMatching(siteId, siteName).rules.some((rule) => {
    const key = ruleKey(scene[rule.field], rule.fieldRegex, rule.fieldGroup);
    return key !== '' && key === ruleKey(url, rule.stashRegex, rule.stashGroup);
  });
}

describe('StashDB studio matching', () => {
  it('gives configured sites their studio, and the others none (found by name)', () => {
    expect(studioMatching('vrbangers', 'VRBangers').studioId).toBe('f8a826f6-89c2-4db0-a899-1229d11865b3');
    expect(studioMatching('naughtyamericavr', 'NaughtyAmerica VR')).toMatchObject({
      parentStudioId: '2be8463b-0505-479e-a07d-5abc7a6edd54',
      tagId: '6458e5cf-4f65-400b-9067-582141e2a329',
    });
    expect(studioMatching('someone', 'Someone VR')).toEqual({ studioId: '', rules: [] });
  });

  it('matches SLR and POVR studios by the id their scene ids and URLs end with', () => {
    const slr = { scene_id: 'slr-34567', scene_url: '' };
    expect(
      matches('x-slr', 'Invented (SLR)', slr, 'https://www.sexlikereal.com/scenes/a-made-up-title-34567'),
    ).toBe(true);
    expect(
      matches('x-slr', 'Invented (SLR)', slr, 'https://www.sexlikereal.com/scenes/another-title-34568'),
    ).toBe(false);
    const povr = { scene_id: 'povr-8812', scene_url: '' };
    expect(
      matches('x-povr', 'Invented (POVR)', povr, 'https://povr.com/invented-studio/made-up-title-8812'),
    ).toBe(true);
    expect(
      matches('x-povr', 'Invented (POVR)', povr, 'https://povr.com/invented-studio/made-up-title-8813/'),
    ).toBe(false);
    expect(matches('plain', 'Plain VR', povr, 'https://povr.com/invented-studio/made-up-title-8812')).toBe(
      false,
    );
  });

  it('matches by a group of the scene page where the reference gives a rule', () => {
    const scene = {
      scene_id: 'lethalhardcorevr-1',
      scene_url: 'https://lethalhardcorevr.com/videos/1234567/invented',
    };
    expect(
      matches(
        'lethalhardcorevr',
        'LethalHardcoreVR',
        scene,
        'https://www.lethalhardcorevr.com/x/1234567/other',
      ),
    ).toBe(true);
    expect(
      matches(
        'lethalhardcorevr',
        'LethalHardcoreVR',
        scene,
        'https://www.lethalhardcorevr.com/x/7654321/other',
      ),
    ).toBe(false);
  });

  it('compares pages without their trailing slashes', () => {
    expect(pageKey(' https://a.example/scene/1// ')).toBe('https://a.example/scene/1');
  });
});
