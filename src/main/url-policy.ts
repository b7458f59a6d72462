/**
 * URL decisions for the window, as pure functions. URLs are parsed with the
 * URL class, never compared by string prefix, so `https://tronscan.org.evil.example`
 * or `javascript:` cannot pass.
 */

/** Hosts the app may open in the system browser (the block explorer). */
export const EXTERNAL_HOST_ALLOWLIST: ReadonlySet<string> = new Set(['tronscan.org', 'www.tronscan.org']);

/**
 * The URL to hand the system browser, normalised by the URL parser (the
 * text that was checked, not the raw string, which another parser might read
 * differently), or null when it may not be opened.
 */
export function allowedExternalUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const allowed =
    url.protocol === 'https:' && url.username === '' && url.password === '' && url.port === '' && EXTERNAL_HOST_ALLOWLIST.has(url.hostname);
  return allowed ? url.href : null;
}

export function isAllowedExternalUrl(raw: string): boolean {
  return allowedExternalUrl(raw) !== null;
}

/** Opens `raw` with `open` (shell.openExternal) as the normalised URL that was checked; false when refused. */
export async function openCheckedExternal(raw: string, open: (url: string) => Promise<void>): Promise<boolean> {
  const allowed = allowedExternalUrl(raw);
  if (allowed === null) return false;
  await open(allowed);
  return true;
}

/** Same scheme, host and path: the frame shows the app's own page. */
export function isSameAppPage(frameUrl: string, appUrl: string): boolean {
  return isAllowedNavigation(frameUrl, appUrl);
}

/** The dashboard is a single page: the only acceptable navigation is to the page already loaded. */
export function isAllowedNavigation(target: string, current: string): boolean {
  try {
    const t = new URL(target);
    const c = new URL(current);
    // Compare scheme and host, not URL.origin: the origin of app:// (a custom scheme) is the opaque "null".
    return t.protocol === c.protocol && t.host === c.host && t.pathname === c.pathname;
  } catch {
    return false;
  }
}
