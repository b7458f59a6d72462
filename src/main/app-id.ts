/**
 * The application id: electron-builder's appId and, on Windows, the
 * AppUserModelId (notifications do not show without it). A test keeps the two
 * equal.
 */
export const APP_ID = 'org.energytray.app';
