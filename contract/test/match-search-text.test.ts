import { describe, expect, it } from 'vitest';
import { matchSearchText, quoteForPrefix } from '../src';

describe('matchSearchText', () => {
  it.each([
    ['SLR_Studio_Some Title_8K_180x180_3dh_LR.mp4', 'SLR Studio Some Title'],
    ['wankzvr-my-scene-title-180_180x180_3dh.mp4', 'wankzvr my scene title'],
    ['Jane.s.Day.4k.h265.mp4', "Jane's Day"],
    ['VRBangers_Hot_Night_Oculus_7K_60fps_LR_180.mkv', 'VRBangers Hot Night'],
    ['Studio+Title+Part+2_1080p_x264.mp4', 'Studio Title Part 2'],
    ['my scene 2160p HEVC 3840x1920 SBS.MP4', 'my scene'],
    ['Scene.Name.MKX200.alpha.passthrough.funscript', 'Scene Name'],
    ['A  double   space__name.srt', 'A double space name'],
    ['Tom.s.mp4', "Tom's"],
    ['title_fisheye190_10bit_quest3_smartphone_UHD.mp4', 'title'],
    ['Bob & Alice "quoted" 50% off.mp4', 'Bob & Alice "quoted" 50% off'],
  ])('%j → %j', (filename, text) => {
    expect(matchSearchText(filename)).toBe(text);
  });

  it('keeps words that only contain a technical word', () => {
    expect(matchSearchText('Hdmi-Lrn-Tbone-Vroom.mp4')).toBe('Hdmi Lrn Tbone Vroom');
  });

  it('answers "" when only technical words remain', () => {
    expect(matchSearchText('8K_180x180_3dh_LR.mp4')).toBe('');
  });

  it('keeps a dot-separated name without extension whole apart from the last part', () => {
    expect(matchSearchText('no-extension')).toBe('no extension');
  });
});

describe('quoteForPrefix', () => {
  it.each([
    ['Jane Doe', '"Jane Doe"'],
    ['  Jane   Doe ', '"Jane   Doe"'],
    ['Jane', 'Jane'],
    ['"Already quoted"', '"Already quoted"'],
    ['say "hi" there', '"say hi there"'],
  ])('%j → %j', (text, quoted) => {
    expect(quoteForPrefix(text)).toBe(quoted);
  });
});
