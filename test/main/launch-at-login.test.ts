import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autostartDesktopEntry, autostartFile, HIDDEN_ARG, setLinuxAutostart } from '../../src/main/launch-at-login.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('launch at login on Linux (autostart .desktop file)', () => {
  it('starts the app hidden in the tray, quoting paths with spaces', () => {
    expect(autostartDesktopEntry('/opt/Energy Tray/energy-tray')).toContain(`Exec="/opt/Energy Tray/energy-tray" ${HIDDEN_ARG}\n`);
    expect(autostartDesktopEntry('/usr/bin/energy-tray')).toContain(`Exec=/usr/bin/energy-tray ${HIDDEN_ARG}\n`);
    expect(autostartDesktopEntry('/x').startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);
  });

  it('lives in $XDG_CONFIG_HOME/autostart, else ~/.config/autostart', () => {
    expect(autostartFile({ XDG_CONFIG_HOME: '/cfg' }, '/home/u')).toBe('/cfg/autostart/energy-tray.desktop');
    expect(autostartFile({}, '/home/u')).toBe('/home/u/.config/autostart/energy-tray.desktop');
  });

  it('writes the file when enabled and removes it when disabled', async () => {
    const file = join(tempDir('autostart'), 'autostart', 'energy-tray.desktop');
    await setLinuxAutostart(true, '/usr/bin/energy-tray', file);
    expect(readFileSync(file, 'utf8')).toContain('Exec=/usr/bin/energy-tray --hidden');
    await setLinuxAutostart(false, '/usr/bin/energy-tray', file);
    expect(existsSync(file)).toBe(false);
    await setLinuxAutostart(false, '/usr/bin/energy-tray', file);
  });
});
