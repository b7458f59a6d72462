import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Passed when the system starts the app at login: it then stays in the tray without opening the dashboard. */
export const HIDDEN_ARG = '--hidden';

/**
 * Linux has no login-item API (Electron's setLoginItemSettings covers macOS
 * and Windows only): the freedesktop way is a .desktop file in
 * ~/.config/autostart. `exec` is the AppImage path when running from one.
 */
export function autostartDesktopEntry(exec: string): string {
  const quoted = /[\s"'\\$`]/.test(exec) ? `"${exec.replace(/(["\\$`])/g, '\\$1')}"` : exec;
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Energy Tray',
    'Comment=TRON energy balance and one-click top-ups in your tray',
    `Exec=${quoted} ${HIDDEN_ARG}`,
    'Icon=energy-tray',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function autostartFile(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const config = env['XDG_CONFIG_HOME'] || join(home, '.config');
  return join(config, 'autostart', 'energy-tray.desktop');
}

export async function setLinuxAutostart(enabled: boolean, exec: string, file = autostartFile()): Promise<void> {
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, autostartDesktopEntry(exec), { mode: 0o644 });
}
