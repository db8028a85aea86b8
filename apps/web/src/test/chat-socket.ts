import { http, HttpResponse, ws } from 'msw';
import { ORIGIN } from './fixtures.ts';

/**
 * The chat's WebSocket as the web tests meet it: the single-use ticket (the test client has a bearer token) and a
 * socket that greets each connection with "ready". Returns the handlers for `server.use` and the connected clients,
 * to push frames to.
 */
export function chatSocket() {
  const socket = ws.link(`${ORIGIN.replace('http', 'ws')}/api/chat/ws`);
  const clients: { send: (data: string) => void }[] = [];
  const handlers = [
    http.post(`${ORIGIN}/api/me/chat/ticket`, () =>
      HttpResponse.json({
        ticket: 'ticket',
        expiresAt: new Date(Date.now() + 30_000).toISOString(),
        websocketUrl: `${ORIGIN.replace('http', 'ws')}/api/chat/ws?ticket=ticket`,
      }),
    ),
    socket.addEventListener('connection', ({ client }) => {
      clients.push(client);
      client.send(JSON.stringify({ type: 'ready', personId: 'p' }));
    }),
  ];
  return { handlers, clients };
}
