import { describe, expect, it } from 'vitest';
import { resolveUserDataDir, userDataDir } from '../../../src/core/settings/user-data-dir.ts';

describe('resolveUserDataDir (Electron app.getPath("userData") for "Energy Tray")', () => {
  it('uses XDG_CONFIG_HOME on Linux, else ~/.config', () => {
    expect(resolveUserDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/x/cfg' }, homedir: '/home/u' })).toBe('/x/cfg/Energy Tray');
    expect(resolveUserDataDir({ platform: 'linux', env: {}, homedir: '/home/u' })).toBe('/home/u/.config/Energy Tray');
    expect(resolveUserDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '' }, homedir: '/home/u' })).toBe('/home/u/.config/Energy Tray');
    expect(resolveUserDataDir({ platform: 'freebsd', env: {}, homedir: '/home/u' })).toBe('/home/u/.config/Energy Tray');
  });

  it('uses Application Support on macOS, ignoring XDG', () => {
    expect(resolveUserDataDir({ platform: 'darwin', env: { XDG_CONFIG_HOME: '/x' }, homedir: '/Users/u' })).toBe('/Users/u/Library/Application Support/Energy Tray');
  });

  it('uses %APPDATA% on Windows, else the roaming folder under the profile', () => {
    expect(resolveUserDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, homedir: 'C:\\Users\\u' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Energy Tray',
    );
    expect(resolveUserDataDir({ platform: 'win32', env: {}, homedir: 'C:\\Users\\u' })).toBe('C:\\Users\\u\\AppData\\Roaming\\Energy Tray');
  });

  it('honours ENERGY_TRAY_USER_DATA on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(resolveUserDataDir({ platform, env: { ENERGY_TRAY_USER_DATA: '/tmp/et', APPDATA: 'C:\\a', XDG_CONFIG_HOME: '/c' }, homedir: '/h' })).toBe('/tmp/et');
    }
  });

  it('the convenience wrapper reads this process', () => {
    const previous = process.env['ENERGY_TRAY_USER_DATA'];
    process.env['ENERGY_TRAY_USER_DATA'] = '/tmp/energy-tray-wrapper-check';
    try {
      expect(userDataDir()).toBe('/tmp/energy-tray-wrapper-check');
    } finally {
      if (previous === undefined) delete process.env['ENERGY_TRAY_USER_DATA'];
      else process.env['ENERGY_TRAY_USER_DATA'] = previous;
    }
  });
});
