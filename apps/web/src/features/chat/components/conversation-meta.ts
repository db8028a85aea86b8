import type { ChatConversation } from '@vereinsheim/contracts/chat';

/**
 * What a conversation's line under its title says: its kind and its club, each only if the title does not say it
 * already (a club's channel is titled "Ankündigungen · TSV Grünwald 1894 e.V.").
 */
export function conversationMeta(
  c: Pick<ChatConversation, 'title' | 'tenantName'>,
  kindLabel: string,
): string {
  return [kindLabel, c.tenantName].filter((part) => !c.title.includes(part)).join(' · ');
}
