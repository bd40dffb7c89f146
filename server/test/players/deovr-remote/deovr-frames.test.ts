import { describe, expect, it } from 'vitest';
import {
  encodeFrame,
  fileIdFromPath,
  FrameReader,
  FrameTooLargeError,
  MAX_FRAME_BYTES,
  parseStatus,
  PING_FRAME,
} from '../../../src/players/deovr-remote/deovr-frames';

describe('DeoVR frames', () => {
  it('encodes a 4-byte little-endian length and the JSON bytes; the ping is an empty frame', () => {
    const frame = encodeFrame({ path: 'é' });
    const json = Buffer.from('{"path":"é"}');
    expect(frame.readUInt32LE(0)).toBe(json.length);
    expect(frame.subarray(4)).toEqual(json);
    expect([...PING_FRAME]).toEqual([0, 0, 0, 0]);
  });

  it('cuts frames whatever the chunking: byte by byte, several at once, empty ones', () => {
    const stream = Buffer.concat([encodeFrame({ a: 1 }), PING_FRAME, encodeFrame({ b: [2, 3] })]);
    const whole = new FrameReader().push(stream).map((body) => body.toString());
    expect(whole).toEqual(['{"a":1}', '', '{"b":[2,3]}']);

    const reader = new FrameReader();
    const pieces: string[] = [];
    for (const byte of stream)
      pieces.push(...reader.push(Buffer.from([byte])).map((body) => body.toString()));
    expect(pieces).toEqual(whole);
  });

  it('keeps a partial frame until the rest arrives', () => {
    const reader = new FrameReader();
    const frame = encodeFrame({ currentTime: 1.5 });
    expect(reader.push(frame.subarray(0, 7))).toEqual([]);
    expect(reader.push(frame.subarray(7)).map((body) => body.toString())).toEqual(['{"currentTime":1.5}']);
  });

  it('refuses a header announcing more than the limit', () => {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(MAX_FRAME_BYTES + 1, 0);
    expect(() => new FrameReader().push(header)).toThrow(FrameTooLargeError);
    header.writeUInt32LE(0xffffffff, 0);
    expect(() => new FrameReader().push(header)).toThrow(/longer than/);
  });

  it('parses status packets and answers null for junk', () => {
    const status = { path: '/x', duration: 60, currentTime: 12.5, playbackSpeed: 1, playerState: 0 };
    expect(parseStatus(Buffer.from(JSON.stringify(status)))).toEqual(status);
    expect(parseStatus(Buffer.from('{}'))).toEqual({});
    for (const junk of [
      'not json',
      '[1,2]',
      'null',
      '"text"',
      '{"playerState":"0"}',
      '{"currentTime":"x"}',
    ]) {
      expect(parseStatus(Buffer.from(junk))).toBeNull();
    }
    expect(parseStatus(Buffer.from([0xff, 0xfe, 0x00]))).toBeNull();
  });

  it('finds the file id in the played URL', () => {
    expect(fileIdFromPath('http://192.168.1.5:9999/api/dms/file/42/42 - Title.mp4?dnt=true')).toBe(42);
    expect(fileIdFromPath('https://fovea.local/api/dms/file/7')).toBe(7);
    expect(fileIdFromPath('/api/dms/file/7?dnt=true')).toBe(7);
    expect(fileIdFromPath('http://h/api/dms/file/7x')).toBeNull();
    expect(fileIdFromPath('http://h/api/dms/file/0')).toBeNull();
    expect(fileIdFromPath('http://h/api/dms/preview/7')).toBeNull();
    expect(fileIdFromPath('/storage/emulated/0/Download/video.mp4')).toBeNull();
    expect(fileIdFromPath('')).toBeNull();
    expect(fileIdFromPath(undefined)).toBeNull();
  });
});
