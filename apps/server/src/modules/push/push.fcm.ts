import fs from 'node:fs/promises';
import type { PushPayload } from '@vereinsheim/contracts';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { retryAfter, type DeviceSender, type DeviceSendResult } from './push.device.ts';

/** The OAuth 2.0 scope of the FCM HTTP v1 API. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** The fields of a Google service-account key file (JSON) that the sender uses. */
export const ServiceAccountSchema = z.object({
  type: z.literal('service_account'),
  project_id: z.string().min(1),
  private_key_id: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  client_email: z.string().min(3),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

export interface FcmOptions {
  /** The service-account key file (FCM_SERVICE_ACCOUNT_FILE). */
  serviceAccountFile: string;
  /** Overrides the key file's project_id (FCM_PROJECT_ID). */
  projectId?: string;
  /** The API's base URL (FCM_API_URL, default https://fcm.googleapis.com). */
  apiUrl: string;
  /** Overrides the key file's token_uri (FCM_TOKEN_URL). */
  tokenUrl?: string;
  fetch?: typeof fetch;
}

/** FCM error codes (google.firebase.fcm.v1.FcmError) that mean the token is no longer usable. */
const GONE = new Set(['UNREGISTERED', 'SENDER_ID_MISMATCH']);

const FcmErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    status: z.string().optional(),
    message: z.string().optional(),
    details: z
      .array(z.looseObject({ '@type': z.string().optional(), errorCode: z.string().optional() }))
      .optional(),
  }),
});

/**
 * Android (and any FCM) devices through the FCM HTTP v1 API: an OAuth 2.0 access token from the service account's
 * signed JWT assertion (RFC 7523, Google's "OAuth 2.0 for server to server applications"), cached until shortly
 * before it expires, then `POST /v1/projects/{project}/messages:send` per device.
 */
export function createFcmSender(options: FcmOptions): DeviceSender {
  const doFetch = options.fetch ?? fetch;
  let account: Promise<ServiceAccount> | undefined;
  let accessToken: { value: string; expiresAt: number } | undefined;

  const loadAccount = () => {
    account ??= fs
      .readFile(options.serviceAccountFile, 'utf8')
      .then((text) => ServiceAccountSchema.parse(JSON.parse(text)))
      .catch((error: unknown) => {
        account = undefined;
        throw error;
      });
    return account;
  };

  async function token(force = false): Promise<string> {
    if (!force && accessToken && accessToken.expiresAt > Date.now() + 60_000) return accessToken.value;
    const sa = await loadAccount();
    const tokenUrl = options.tokenUrl ?? sa.token_uri;
    const key = await importPKCS8(sa.private_key, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: sa.private_key_id })
      .setIssuer(sa.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const res = await doFetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new Error(`The OAuth token endpoint answered ${res.status}.`);
    }
    accessToken = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return accessToken.value;
  }

  async function post(deviceToken: string, payload: PushPayload, bearer: string) {
    const sa = await loadAccount();
    const project = options.projectId ?? sa.project_id;
    const url = `${options.apiUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(project)}/messages:send`;
    const data: Record<string, string> = { url: payload.url };
    if (payload.messageId) data.messageId = payload.messageId;
    if (payload.tag) data.tag = payload.tag;
    return doFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        message: {
          token: deviceToken,
          notification: { title: payload.title, body: payload.body },
          // Read by the app when the notification is tapped (the route to open).
          data,
          android: {
            priority: 'HIGH',
            ttl: '86400s',
            ...(payload.tag ? { collapse_key: payload.tag } : {}),
            notification: { ...(payload.tag ? { tag: payload.tag } : {}), default_sound: true },
          },
        },
      }),
      signal: AbortSignal.timeout(10_000),
    });
  }

  return {
    platform: 'android',
    async send(deviceToken, payload): Promise<DeviceSendResult> {
      let res: Response;
      try {
        res = await post(deviceToken, payload, await token());
        // An access token revoked or expired early: one new token, one more try.
        if (res.status === 401) {
          await res.body?.cancel();
          res = await post(deviceToken, payload, await token(true));
        }
      } catch (error) {
        return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
      }
      if (res.ok) {
        await res.body?.cancel();
        return { kind: 'ok' };
      }
      const parsed = FcmErrorSchema.safeParse(await res.json().catch(() => null));
      const codes = parsed.success ? (parsed.data.error.details ?? []).map((d) => d.errorCode ?? '') : [];
      const reason = [res.status, parsed.success ? parsed.data.error.status : undefined, ...codes]
        .filter(Boolean)
        .join(' ');
      if (res.status === 404 || codes.some((c) => GONE.has(c))) return { kind: 'invalid-token', reason };
      // A malformed registration token is INVALID_ARGUMENT on 400; so is a bad payload, which we never send.
      if (res.status === 400 && codes.includes('INVALID_ARGUMENT')) return { kind: 'invalid-token', reason };
      if (res.status === 429 || res.status >= 500) {
        return { kind: 'retry', reason, retryAfterSeconds: retryAfter(res.headers.get('retry-after')) };
      }
      return { kind: 'failed', reason };
    },
    async close() {},
  };
}
