/** Messages between the tabs of one browser about the (shared) session. */
export type TabMessage = { type: 'signed-out' };

const CHANNEL = 'vereinsheim-session';

export interface TabChannel {
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): () => void;
}

/**
 * The session cookie is shared by every tab; when one tab signs out, the others show the signed-out screen
 * at once instead of at their next API call. A browser without BroadcastChannel simply skips this.
 */
export function browserTabChannel(): TabChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => undefined, listen: () => () => undefined };
  const channel = new BroadcastChannel(CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const handler = (event: MessageEvent<unknown>) => {
        const data = event.data as Partial<TabMessage> | null;
        if (data?.type === 'signed-out') listener({ type: 'signed-out' });
      };
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}
