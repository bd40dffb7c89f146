import { describe, expect, it } from 'vitest';
import { DEFAULT_DLNA_PORT, resolveConfig } from '../../src/config/config';

const fixed = { version: '1.0.0', webDir: '/web' };

describe('the DLNA port setting', () => {
  it('defaults to 1338; FOVEA_DLNA_PORT and --dlna-port change it, the flag winning', () => {
    expect(DEFAULT_DLNA_PORT).toBe(1338);
    expect(resolveConfig({}, {}, fixed).dlnaPort).toBe(1338);
    expect(resolveConfig({}, { FOVEA_DLNA_PORT: '2000' }, fixed).dlnaPort).toBe(2000);
    expect(resolveConfig({ dlnaPort: '0' }, { FOVEA_DLNA_PORT: '2000' }, fixed).dlnaPort).toBe(0);
  });

  it('refuses anything but a port number, naming where it came from', () => {
    expect(() => resolveConfig({ dlnaPort: 'x' }, {}, fixed)).toThrow(
      '--dlna-port must be a port number from 0 to 65535',
    );
    expect(() => resolveConfig({}, { FOVEA_DLNA_PORT: '70000' }, fixed)).toThrow(
      'FOVEA_DLNA_PORT must be a port number',
    );
  });
});
