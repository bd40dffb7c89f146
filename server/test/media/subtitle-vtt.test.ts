import { describe, expect, it } from 'vitest';
import { assToVtt, cleanVtt, srtToVtt, subtitleFormat, toWebVtt } from '../../src/media/subtitle-vtt';

describe('srtToVtt', () => {
  it('converts cues: header, "," to ".", numeric ids kept, text kept, blank lines between cues', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,500\nHello\nthere\n\n2\n00:01:02,050 --> 00:01:04,000\n<i>Bye</i>\n';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello\nthere\n\n2\n00:01:02.050 --> 00:01:04.000\n<i>Bye</i>\n',
    );
  });

  it('strips a byte-order mark and reads CRLF and CR line breaks', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n\r\n2\r00:00:03,000 --> 00:00:04,000\rYo\r';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHi\n\n2\n00:00:03.000 --> 00:00:04.000\nYo\n',
    );
  });

  it('takes cues without ids, extra blank lines, short times and position hints; skips broken blocks', () => {
    const srt = [
      '',
      '',
      '00:00:01,5 --> 0:00:02,25 X1:10 X2:20',
      'No id',
      '',
      '',
      '',
      '7',
      'not a timing line',
      'text',
      '',
      '8',
      '00:00:05,000 --> 00:00:06,000',
      'a --> b',
      '',
    ].join('\n');
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n00:00:01.500 --> 00:00:02.250\nNo id\n\n8\n00:00:05.000 --> 00:00:06.000\na → b\n',
    );
  });

  it('gives an empty WebVTT file for an empty or junk file', () => {
    expect(srtToVtt('')).toBe('WEBVTT\n');
    expect(srtToVtt('just some words\n')).toBe('WEBVTT\n');
  });
});

describe('assToVtt', () => {
  it('takes the Dialogue lines by the Format line, without overrides, in start order', () => {
    const ass = [
      '[Script Info]',
      'Title: test',
      'Dialogue: not, an, event',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname',
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:00:05.00,0:00:06.50,Default,,0,0,0,,{\\i1}Second{\\i0}, with a comma',
      'Comment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,a comment',
      'Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,First\\Nline two\\hend',
      'Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\p1}',
    ].join('\r\n');
    expect(assToVtt(ass)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFirst\nline two end\n\n' +
        '00:00:05.000 --> 00:00:06.500\nSecond, with a comma\n',
    );
  });
});

describe('subtitle formats', () => {
  it('knows srt, vtt, ass and ssa by extension, in any case', () => {
    expect(subtitleFormat('a.SRT')).toBe('srt');
    expect(subtitleFormat('a.b.vtt')).toBe('vtt');
    expect(subtitleFormat('a.ssa')).toBe('ass');
    expect(subtitleFormat('a.ass')).toBe('ass');
    expect(subtitleFormat('a.sub')).toBeNull();
    expect(subtitleFormat('srt')).toBeNull();
  });

  it('passes WebVTT through (BOM and CRLF cleaned) and refuses a .vtt that is not WebVTT', () => {
    expect(cleanVtt('\uFEFFWEBVTT - title\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n')).toBe(
      'WEBVTT - title\n\n00:01.000 --> 00:02.000\nHi\n',
    );
    expect(cleanVtt('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBeNull();
    expect(cleanVtt('WEBVTTX\n')).toBeNull();
    expect(toWebVtt('vtt', 'nope')).toBeNull();
    expect(toWebVtt('srt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toContain('00:00:01.000 --> ');
  });
});
