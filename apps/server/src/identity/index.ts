import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { SigningKeys } from './keys.ts';

export interface EmbeddedProviderOptions {
  config: Config;
  db: Database;
  keys: SigningKeys;
  mailer: Mailer;
}

/** Mounts the embedded OpenID Connect provider at /oidc. (Being built: see identity/provider.ts.) */
export async function registerEmbeddedProvider(_app: FastifyInstance, _options: EmbeddedProviderOptions) {
  // Filled in by the embedded provider work.
}
