import { describe, expect, it } from 'vitest';
import { subtitleLanguage } from '../src';

describe('subtitleLanguage', () => {
  it.each([
    ['clip.en.srt', 'en', 'English'],
    ['clip.eng.srt', 'en', 'English'],
    ['Clip 180 LR.German.srt', 'de', 'German'],
    ['clip.ger.ass', 'de', 'German'],
    ['clip.Deutsch.srt', 'de', 'German'],
    ['clip.FR.srt', 'fr', 'French'],
    ['clip.pt-BR.srt', 'pt-BR', 'Portuguese (BR)'],
    ['clip.zh_tw.srt', 'zh-TW', 'Chinese (TW)'],
  ])('%s is %s (%s)', (filename, srclang, label) => {
    expect(subtitleLanguage(filename)).toEqual({ srclang, label });
  });

  it.each([
    ['clip.srt', 'clip'],
    ['clip.forced.srt', 'clip.forced'],
    ['Scene_180_LR.srt', 'Scene_180_LR'],
    ['clip.xx.srt', 'clip.xx'],
  ])('%s has no known language and the label %s', (filename, label) => {
    expect(subtitleLanguage(filename)).toEqual({ srclang: '', label });
  });
});
