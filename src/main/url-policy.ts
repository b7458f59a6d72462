/**
 * URL decisions for the window, as pure functions. URLs are parsed with the
 * URL class, never compared by string prefix, so `https://tronscan.org.evil.example`
 * or `javascript:` cannot pass.
 */

/** Hosts the app may open in the system browser (the block explorer). */
export const EXTERNAL_HOST_ALLOWLIST: ReadonlySet<string> = new Set(['tronscan.org', 'www.tronscan.org']);

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    EXTERNAL_HOST_ALLOWLIST.has(url.hostname)
  );
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
