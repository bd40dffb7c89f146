import { describe, expect, it } from 'vitest';
import { isInside, systemFolderOf, systemFolders } from '../../src/services/storage-folder';

describe('system folders', () => {
  it('finds the POSIX system folder a path is, or is inside', () => {
    const folders = systemFolders('linux');
    expect(systemFolderOf('/', 'linux', folders)).toBe('/');
    expect(systemFolderOf('/etc/', 'linux', folders)).toBe('/etc');
    expect(systemFolderOf('/var/lib/docker/volumes', 'linux', folders)).toBe('/var/lib');
    expect(systemFolderOf('/usr/../root/videos', 'linux', folders)).toBe('/root');
    expect(systemFolderOf('/run/user/1000', 'linux', folders)).toBe('/run');
    // Removable disks a desktop mounts (udisks2) are where videos often live.
    expect(systemFolderOf('/run/media/me/VR disk', 'linux', folders)).toBeNull();
    expect(systemFolderOf('/var/run/media/me/VR disk', 'linux', folders)).toBeNull();
    for (const free of [
      '/mnt/vr',
      '/media/disk',
      '/home/me/Videos',
      '/srv/vr',
      '/tmp/x',
      '/var/media',
      '/etcetera',
    ])
      expect(systemFolderOf(free, 'linux', folders)).toBeNull();
  });

  it("finds Windows' system folders ignoring case, from the environment when it names them", () => {
    const folders = systemFolders('win32', { SystemRoot: 'D:\\WINNT' });
    expect(folders).toContain('D:\\WINNT');
    expect(folders).toContain('C:\\Program Files');
    expect(systemFolderOf('d:\\winnt\\system32', 'win32', folders)).toBe('D:\\WINNT');
    expect(systemFolderOf('C:\\PROGRAM FILES\\App', 'win32', folders)).toBe('C:\\Program Files');
    expect(systemFolderOf('C:\\Program Files (x86)', 'win32', folders)).toBe('C:\\Program Files (x86)');
    expect(systemFolderOf('E:\\', 'win32', folders)).toBeNull();
    expect(systemFolderOf('C:\\Users\\me\\Videos', 'win32', folders)).toBeNull();
  });
});

describe('isInside', () => {
  it('tells a subfolder from the same folder, a sibling sharing a prefix and a parent', () => {
    expect(isInside('/a/b/c', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b')).toBe(false);
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/a', '/a/b')).toBe(false);
    expect(isInside('/a/..b/c', '/a')).toBe(true);
    expect(isInside('/x', '/')).toBe(true);
  });
});
