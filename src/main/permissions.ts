import type { Session } from 'electron';

/**
 * The dashboard needs no camera, notifications-from-web, geolocation or
 * anything else: deny all, except writing plain text to the clipboard (the
 * Copy buttons on addresses, order ids and tx ids). Reading the clipboard stays denied.
 */
const ALLOWED = new Set(['clipboard-sanitized-write']);

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED.has(permission));
}
