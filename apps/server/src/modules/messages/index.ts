/** Inboxes: messages to persons (club messages, notices), pushed to their devices by jobs (ADR 0021). */
export { messagesRoutes } from './messages.routes.ts';
export { sendMessage, sendMessages, type SendMessageInput } from './messages.service.ts';
export type { MessageTextKey } from './messages.text.ts';
export { messagePushJobs } from './messages.push.ts';
