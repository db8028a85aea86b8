/** The chat (beta): conversations, messages, the WebSocket and the delayed push (docs/chat-protocol.md). */
export { chatRoutes, type ChatRoutesOptions } from './chat.routes.ts';
export { signChatUser } from './chat.service.ts';
export { chatRepository } from './chat.repository.ts';
export { chatPushJobs } from './chat.push.ts';
