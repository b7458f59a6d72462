/**
 * First step of `npm test`: checks the system pieces the test suite needs that
 * npm cannot install (a browser, a Secret Service, the keychain addon's library),
 * and when one is missing says in one line which package to install, instead of
 * letting a tool fail deep inside with its own error.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

interface Need {
  what: string;
  /** Debian/Ubuntu package that provides it. */
  aptPackage: string;
  present: () => boolean;
}

const MIN_NODE = [22, 22, 2] as const;

function nodeIsRecentEnough(version: string): boolean {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < MIN_NODE.length; i++) {
    const have = parts[i] ?? 0;
    if (have !== MIN_NODE[i]) return have > MIN_NODE[i]!;
  }
  return true;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, command)));
}

/** A font with Chinese glyphs, so the zh-CN screenshots show characters, not boxes (fontconfig knows it, or a Debian package's file is there). */
function hasCjkFont(): boolean {
  try {
    if (execFileSync('fc-list', [':lang=zh-cn', 'family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '') return true;
  } catch {
    // No fontconfig on PATH: look for the packages' files.
  }
  return ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'].some((file) => existsSync(file));
}

function keytarLoads(): boolean {
  try {
    createRequire(import.meta.url)('keytar');
    return true;
  } catch {
    return false;
  }
}

if (!nodeIsRecentEnough(process.versions.node)) {
  console.error(
    `npm test is running on Node ${process.versions.node}, but the project needs ${MIN_NODE.join('.')} or newer: ` +
      'run `npm install` first, which installs the pinned Node that the npm scripts use.',
  );
  process.exit(1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const needs: Need[] = [
  { what: `Chromium at ${chromium} (end-to-end tests)`, aptPackage: 'chromium', present: () => isExecutable(chromium) },
];
if (process.platform === 'linux') {
  needs.push(
    { what: 'dbus-run-session (a private D-Bus for the keychain tests)', aptPackage: 'dbus', present: () => onPath('dbus-run-session') },
    { what: 'gnome-keyring-daemon (a throw-away Secret Service)', aptPackage: 'gnome-keyring', present: () => onPath('gnome-keyring-daemon') },
    { what: 'the keytar addon, built against libsecret', aptPackage: 'libsecret-1-dev', present: keytarLoads },
    { what: 'a CJK font (the zh-CN screenshots)', aptPackage: 'fonts-wqy-microhei', present: hasCjkFont },
  );
}

const missing = needs.filter((need) => !need.present());
if (missing.length > 0) {
  const packages = missing.map((m) => m.aptPackage).join(' ');
  const rebuild = missing.some((m) => m.aptPackage === 'libsecret-1-dev') ? ' && npm rebuild keytar' : '';
  console.error(
    `npm test needs ${missing.map((m) => m.what).join(', ')}; install with: sudo apt-get install -y ${packages}${rebuild}` +
      ' (or your system\'s equivalent; CHROMIUM_PATH may point at another Chromium).',
  );
  process.exit(1);
}
