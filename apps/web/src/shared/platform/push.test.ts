import { afterEach, describe, expect, it, vi } from 'vitest';
import { enablePush, PushPermissionDeniedError } from './push.ts';

function fakeBrowser(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve(permission) });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(undefined), register: vi.fn() },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push permission', () => {
  it("refuses with 'User denied permissions!' and registers nothing when the user declines", async () => {
    fakeBrowser('denied');
    const key = vi.fn(() => Promise.resolve('key'));
    await expect(enablePush(key)).rejects.toThrow(PushPermissionDeniedError);
    await expect(enablePush(key)).rejects.toThrow('User denied permissions!');
    expect(key).not.toHaveBeenCalled();
  });
});
