import { isAbsolute, join, normalize, relative, sep } from 'node:path';

/** The renderer's origin in the packaged app: app://bundle/index.html */
export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Maps an app:// request to a file inside the renderer folder, or null when
 * the request could escape it. The URL parser has already resolved dot
 * segments; everything is checked again after percent-decoding because
 * `%2e%2e`, `%2f` and backslashes (which Windows treats as separators) are
 * not resolved by it.
 */
export function resolveAppPath(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.' || /^[A-Za-z]:$/.test(s))) return null;
  const relativePath = segments.length === 0 ? 'index.html' : segments.join(sep);
  const root = normalize(rendererDir);
  const full = normalize(join(root, relativePath));
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return full;
}
