import { describe, expect, it } from 'vitest';
import { remapPath } from '../../../src/bundles/xbvr-db/path-remap';

describe('remapPath', () => {
  const docker = [{ from: '/videos', to: '/mnt/nas/videos' }];

  it('rewrites the prefix of a path below it, and the prefix itself', () => {
    expect(remapPath('/videos/vr/a.mp4', docker)).toBe('/mnt/nas/videos/vr/a.mp4');
    expect(remapPath('/videos', docker)).toBe('/mnt/nas/videos');
  });

  it('matches whole path segments only', () => {
    expect(remapPath('/videos2/a.mp4', docker)).toBe('/videos2/a.mp4');
    expect(remapPath('/other/videos/a.mp4', docker)).toBe('/other/videos/a.mp4');
  });

  it('ignores trailing separators on either side', () => {
    expect(remapPath('/videos/a', [{ from: '/videos/', to: '/mnt/v/' }])).toBe('/mnt/v/a');
  });

  it('takes the longest matching prefix first, whatever the list order', () => {
    const mappings = [
      { from: '/videos', to: '/mnt/a' },
      { from: '/videos/vr', to: '/mnt/b' },
    ];
    expect(remapPath('/videos/vr/x.mp4', mappings)).toBe('/mnt/b/x.mp4');
    expect(remapPath('/videos/flat/x.mp4', mappings)).toBe('/mnt/a/flat/x.mp4');
  });

  it('maps Windows paths from XBVR on Windows, writing the rest with the target separator', () => {
    const windows = [{ from: 'D:\\Videos', to: '/mnt/d/videos' }];
    expect(remapPath('D:\\Videos\\VR\\a.mp4', windows)).toBe('/mnt/d/videos/VR/a.mp4');
    expect(remapPath('D:/Videos/VR', windows)).toBe('/mnt/d/videos/VR');
    expect(remapPath('D:\\Videos2\\a.mp4', windows)).toBe('D:\\Videos2\\a.mp4');
    expect(remapPath('/mnt/nas/vr/a.mp4', [{ from: '/mnt/nas', to: 'E:\\NAS' }])).toBe('E:\\NAS\\vr\\a.mp4');
  });

  it('leaves a path no mapping matches as it is', () => {
    expect(remapPath('/data/a.mp4', docker)).toBe('/data/a.mp4');
    expect(remapPath('/data/a.mp4', [])).toBe('/data/a.mp4');
  });
});
