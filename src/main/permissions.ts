import type { Session } from 'electron';

/** The dashboard needs no camera, notifications-from-web, geolocation or anything else: deny all. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
