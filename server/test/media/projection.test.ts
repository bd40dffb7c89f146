import { PROJECTIONS } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { detectProjection, projectionTraits } from '../../src/media/projection';

const WIDE = [3840, 1920] as const; // 2:1
const LANDSCAPE = [1920, 1080] as const; // 16:9

describe('detectProjection', () => {
  it.each([
    ['scene_180_LR.mp4', WIDE, '180_sbs', 'sbs', 180],
    ['plain name.mp4', LANDSCAPE, '180_sbs', 'sbs', 180],
    ['x_mkx200.mp4', WIDE, 'mkx200', 'sbs', 200],
    ['X-MKX220.mp4', WIDE, 'mkx220', 'sbs', 220],
    ['studio.vrca220.8k.mp4', WIDE, 'vrca220', 'sbs', 220],
    ['clip rf52.mp4', WIDE, 'rf52', 'sbs', 190],
    ['clip_fisheye190.mp4', WIDE, 'fisheye190', 'sbs', 190],
    ['clip_fisheye.mp4', WIDE, 'fisheye', 'sbs', 180],
    ['clip_F180.mp4', WIDE, 'fisheye', 'sbs', 180],
    ['clip_180f.mp4', WIDE, 'fisheye', 'sbs', 180],
    ['clip_FLAT_1080p.mp4', LANDSCAPE, 'flat', 'mono', 0],
    ['scene MONO_360.mp4', WIDE, '360_mono', 'mono', 360],
    ['scene.mono-180.mp4', WIDE, '180_mono', 'mono', 180],
    ['scene_360_mono.mp4', WIDE, '360_mono', 'mono', 360],
    ['scene_180__MONO.mp4', WIDE, '180_mono', 'mono', 180],
    // No 360_tb token rule in §6.2: a 2:1 "360_TB" file is 180_sbs; only a square frame gives 360_tb.
    ['y_360_TB.mp4', WIDE, '180_sbs', 'sbs', 180],
    // "mono" alone or "mono" next to something else is no rule.
    ['mono_mix_360.mp4', WIDE, '180_sbs', 'sbs', 180],
  ] as const)('%s %o -> %s', (name, [w, h], projection, stereo, fov) => {
    expect(detectProjection(name, w, h)).toEqual({ projection, stereo_mode: stereo, fov, has_alpha: false });
  });

  it('takes the first matching token', () => {
    expect(detectProjection('a_flat_mkx200.mp4', ...WIDE).projection).toBe('flat');
    expect(detectProjection('a_mkx200_flat.mp4', ...WIDE).projection).toBe('mkx200');
    expect(detectProjection('a_fisheye_mono_360.mp4', ...WIDE).projection).toBe('fisheye');
    expect(detectProjection('a_mono_180_mkx220.mp4', ...WIDE).projection).toBe('180_mono');
  });

  it('needs whole tokens', () => {
    expect(detectProjection('xmkx200.mp4', ...WIDE).projection).toBe('180_sbs');
    expect(detectProjection('flatten.mp4', ...WIDE).projection).toBe('180_sbs');
  });

  it('sets has_alpha only for the fisheye family with an alpha token', () => {
    expect(detectProjection('fisheye190_alpha.mp4', ...WIDE)).toEqual({
      projection: 'fisheye190',
      stereo_mode: 'sbs',
      fov: 190,
      has_alpha: true,
    });
    expect(detectProjection('ALPHA-mkx200.mp4', ...WIDE).has_alpha).toBe(true);
    expect(detectProjection('x_vrca220 alpha.mp4', ...WIDE).has_alpha).toBe(true);
    expect(detectProjection('x_rf52_alpha.mp4', ...WIDE).has_alpha).toBe(true);
    expect(detectProjection('x_mkx220_alpha.mp4', ...WIDE).has_alpha).toBe(true);
    expect(detectProjection('x_fisheye_alpha.mp4', ...WIDE).has_alpha).toBe(false);
    expect(detectProjection('x_flat_alpha.mp4', ...WIDE).has_alpha).toBe(false);
    expect(detectProjection('x_180_alpha.mp4', ...WIDE).has_alpha).toBe(false);
    expect(detectProjection('x_mkx200_alphabet.mp4', ...WIDE).has_alpha).toBe(false);
  });

  it('makes a square frame 360_tb whatever the name says', () => {
    const tb = { projection: '360_tb', stereo_mode: 'tb', fov: 360, has_alpha: false };
    expect(detectProjection('y_360_TB.mp4', 4096, 4096)).toEqual(tb);
    expect(detectProjection('x_mkx200_alpha.mp4', 2048, 2048)).toEqual(tb);
    expect(detectProjection('x_flat.mp4', 256, 256)).toEqual(tb);
  });

  it('leaves portrait video unknown', () => {
    const unknown = { projection: '', stereo_mode: '', fov: 0, has_alpha: false };
    expect(detectProjection('phone_180_LR.mp4', 1080, 1920)).toEqual(unknown);
    expect(detectProjection('x_mkx200_alpha.mp4', 180, 320)).toEqual(unknown);
  });

  it('treats unknown dimensions as landscape', () => {
    expect(detectProjection('x_mkx200.mp4', 0, 0).projection).toBe('mkx200');
    expect(detectProjection('x.mp4', 0, 0).projection).toBe('180_sbs');
  });
});

describe('projectionTraits', () => {
  it('covers every projection with a stereo mode and fov', () => {
    for (const projection of PROJECTIONS) {
      const { stereo_mode, fov } = projectionTraits(projection);
      expect(['sbs', 'tb', 'mono', '']).toContain(stereo_mode);
      expect(fov === 0 || (fov >= 180 && fov <= 360)).toBe(true);
    }
    expect(projectionTraits('180_tb')).toEqual({ stereo_mode: 'tb', fov: 180 });
    expect(projectionTraits('flat')).toEqual({ stereo_mode: 'mono', fov: 0 });
  });
});
