/** Devices that receive push notifications, and sending to them (Web Push with VAPID). */
export { pushRoutes } from './push.routes.ts';
export { createWebPush, type PushSender, type WebPush } from './push.service.ts';
