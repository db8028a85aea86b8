import { setupServer } from 'msw/node';

/** The MSW server of the web tests; tests add handlers with server.use(...). */
export const server = setupServer();
