import { describe, expect, it } from 'vitest';
import { denyAllPermissions } from '../../src/main/permissions.ts';

describe('permissions', () => {
  it('denies every permission request and check', () => {
    let requestHandler: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined;
    let checkHandler: ((...a: unknown[]) => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (h: typeof requestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
    };
    denyAllPermissions(session as never);
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'unknown']) {
      requestHandler?.({}, permission, (granted) => answers.push(granted));
      answers.push(checkHandler?.({}, permission, 'app://bundle', {}) ?? true);
    }
    expect(answers).toHaveLength(12);
    expect(answers.every((a) => a === false)).toBe(true);
  });

  it('allows writing plain text to the clipboard (Copy buttons), and nothing more', () => {
    let requestHandler: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined;
    let checkHandler: ((c: unknown, p: string) => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (h: typeof requestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
    } as never);
    const granted: boolean[] = [];
    requestHandler?.({}, 'clipboard-sanitized-write', (g) => granted.push(g));
    requestHandler?.({}, 'clipboard-read', (g) => granted.push(g));
    expect(granted).toEqual([true, false]);
    expect(checkHandler?.({}, 'clipboard-sanitized-write')).toBe(true);
  });
});
