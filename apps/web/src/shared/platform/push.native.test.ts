import type * as CapacitorCore from '@capacitor/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Device push registration in the apps, with @capacitor/push-notifications mocked (spec §1, §5). */
const push = vi.hoisted(() => {
  const listeners = new Map<string, (value: unknown) => void>();
  return {
    listeners,
    plugin: {
      requestPermissions: vi.fn(async (): Promise<{ receive: string }> => ({ receive: 'granted' })),
      register: vi.fn(async () => {
        listeners.get('registration')?.({ value: 'apns-device-token-0123' });
      }),
      unregister: vi.fn(async () => undefined),
      addListener: vi.fn(async (event: string, listener: (value: unknown) => void) => {
        listeners.set(event, listener);
        return { remove: async () => void listeners.delete(event) };
      }),
    },
  };
});

vi.mock('./native.ts', () => ({ isNativePlatform: () => true }));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: push.plugin }));
vi.mock('@capacitor/core', async (importOriginal) => {
  const actual = await importOriginal<typeof CapacitorCore>();
  return {
    ...actual,
    Capacitor: { ...actual.Capacitor, getPlatform: () => 'ios', isNativePlatform: () => true },
  };
});

const { enablePush } = await import('./push.ts');

beforeEach(() => vi.clearAllMocks());

describe('native push registration', () => {
  it('registers the device and hands its APNs/FCM token with the platform to the caller', async () => {
    const key = vi.fn(async () => 'vapid');
    await expect(enablePush(key)).resolves.toEqual({ platform: 'ios', token: 'apns-device-token-0123' });
    expect(push.plugin.register).toHaveBeenCalledTimes(1);
    expect(key).not.toHaveBeenCalled();
  });

  it("refuses with 'User denied permissions!' and registers nothing when the person declines", async () => {
    push.plugin.requestPermissions.mockResolvedValueOnce({ receive: 'denied' });
    await expect(enablePush(async () => 'vapid')).rejects.toThrow('User denied permissions!');
    expect(push.plugin.register).not.toHaveBeenCalled();
  });
});
