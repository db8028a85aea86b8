import { AppConfigSchema, type AppConfig } from '@vereinsheim/contracts/app-config';

export type { AppConfig };

let current: AppConfig | null = null;

/** GET /app-config.json, parsed with the contract schema. */
export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetcher('/app-config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
  current = AppConfigSchema.parse(await response.json());
  return current;
}

export function setAppConfig(config: AppConfig): void {
  current = config;
}

export function appConfig(): AppConfig {
  if (!current) throw new Error('The app configuration is not loaded yet.');
  return current;
}

/** The web redirect address: where the provider sends the code back to. */
export function webRedirectUri(origin: string = window.location.origin): string {
  return `${origin}/signin-oidc`;
}

export function postLogoutRedirectUri(origin: string = window.location.origin): string {
  return `${origin}/signed-out`;
}
