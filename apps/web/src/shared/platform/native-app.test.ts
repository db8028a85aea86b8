import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_MACHINE } from '../../test/wait.ts';

/** The native adapters with the Capacitor plugins mocked: notification taps and Android's back button. */
const plugins = vi.hoisted(() => {
  const listeners = new Map<string, (value: unknown) => void>();
  const addListener = vi.fn(async (event: string, listener: (value: unknown) => void) => {
    listeners.set(event, listener);
    return { remove: async () => void listeners.delete(event) };
  });
  return {
    listeners,
    app: { addListener, exitApp: vi.fn(async () => undefined) },
    push: { addListener },
  };
});

vi.mock('./native.ts', () => ({ isNativePlatform: () => true }));
vi.mock('@capacitor/app', () => ({ App: plugins.app }));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugins.push }));

const { handleHardwareBackButton, onNotificationTap } = await import('./native-app.ts');

beforeEach(() => {
  plugins.listeners.clear();
  vi.clearAllMocks();
});

/** What Ionic does on a hardware back press: collects handlers by priority and runs the highest. */
function pressBack(ionHandlers: { priority: number; handler: () => void }[] = []) {
  const registered = [...ionHandlers];
  document.dispatchEvent(
    new CustomEvent('ionBackButton', {
      detail: { register: (priority: number, handler: () => void) => registered.push({ priority, handler }) },
    }),
  );
  registered.sort((a, b) => b.priority - a.priority)[0]?.handler();
}

describe('notification taps', () => {
  it('open the route the notification carries, and /messages for anything that is not an in-app path', async () => {
    const opened: string[] = [];
    const stop = onNotificationTap((path) => opened.push(path));
    await vi.waitFor(
      () => expect(plugins.listeners.has('pushNotificationActionPerformed')).toBe(true),
      SLOW_MACHINE,
    );
    const tap = plugins.listeners.get('pushNotificationActionPerformed')!;
    tap({ actionId: 'tap', notification: { data: { url: '/events/42', messageId: 'm-1' } } });
    tap({ actionId: 'tap', notification: { data: { url: 'https://evil.example/' } } });
    tap({ actionId: 'tap', notification: { data: { url: '//evil.example/x' } } });
    tap({ actionId: 'tap', notification: { data: {} } });
    expect(opened).toEqual(['/events/42', '/messages', '/messages', '/messages']);
    stop();
    await vi.waitFor(
      () => expect(plugins.listeners.has('pushNotificationActionPerformed')).toBe(false),
      SLOW_MACHINE,
    );
  });
});

describe('Android back button', () => {
  it('lets an open overlay or menu close first, goes back inside the app, and leaves the app at the root', async () => {
    let atRoot = false;
    const stop = handleHardwareBackButton(() => atRoot);
    await vi.waitFor(() => expect(plugins.listeners.has('backButton')).toBe(true), SLOW_MACHINE);

    const closeModal = vi.fn();
    pressBack([{ priority: 100, handler: closeModal }]);
    expect(closeModal).toHaveBeenCalledTimes(1);
    expect(plugins.app.exitApp).not.toHaveBeenCalled();

    pressBack();
    expect(plugins.app.exitApp).not.toHaveBeenCalled();

    atRoot = true;
    pressBack();
    expect(plugins.app.exitApp).toHaveBeenCalledTimes(1);

    stop();
    pressBack();
    expect(plugins.app.exitApp).toHaveBeenCalledTimes(1);
  });
});
