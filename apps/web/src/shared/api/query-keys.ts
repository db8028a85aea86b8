/**
 * The roots of the TanStack Query keys, one per server resource. Each feature builds its keys in its own
 * `api/keys.ts` under the root of the resource it reads, and its mutations invalidate through those keys.
 * Invalidating a root reaches every feature's view of that resource without one feature importing another: the
 * dashboard's unread messages sit under `messages`, so marking a message read refreshes them too.
 */
export const resourceKeys = {
  account: ['account'],
  awards: ['awards'],
  blog: ['blog'],
  events: ['events'],
  invoices: ['invoices'],
  logs: ['logs'],
  messages: ['messages'],
  person: ['person'],
  privacy: ['privacy'],
  profile: ['profile'],
  teams: ['teams'],
  tenants: ['tenants'],
  validation: ['validation'],
  chat: ['chat'],
} as const;
