import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as Record<string, Record<string, unknown>> & {
  appId: string;
};

describe('packaging configuration (electron-builder)', () => {
  it('configures the fuses for packaged builds', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config['asar']).toBe(true);
  });

  it('builds AppImage and deb with the keychain and tray libraries declared', () => {
    expect(config['linux']?.['target']).toEqual(['AppImage', 'deb']);
    const depends = (config['deb']?.['depends'] ?? []) as string[];
    expect(depends.some((d) => d.includes('libsecret-1-0'))).toBe(true);
    expect(depends.some((d) => d.includes('appindicator3'))).toBe(true);
  });

  it('builds a dmg without a dock icon and with the hardened runtime', () => {
    const mac = config['mac'] ?? {};
    expect(mac['target']).toEqual(['dmg']);
    expect(mac['hardenedRuntime']).toBe(true);
    expect((mac['extendInfo'] as Record<string, unknown>)['LSUIElement']).toBe(true);
    const entitlements = readFileSync(join(root, String(mac['entitlements'])), 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements).not.toContain('disable-library-validation');
  });

  it('builds an NSIS installer for Windows with the .ico icon', () => {
    expect(config['win']).toMatchObject({ target: ['nsis'], icon: 'resources/icon.ico' });
    const ico = readFileSync(join(root, 'resources/icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(3);
  });

  it('ships the tray icons at 1x and 2x, with macOS template images', () => {
    for (const state of ['tray', 'tray-low', 'tray-offline', 'tray-busy']) {
      for (const suffix of ['.png', '@2x.png', 'Template.png', 'Template@2x.png']) {
        const png = readFileSync(join(root, 'resources', `${state}${suffix}`));
        expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
        const width = png.readUInt32BE(16);
        expect(width).toBe(suffix.includes('@2x') ? 32 : 16);
      }
    }
  });
});
