import { createHash } from 'node:crypto';

/** A stable UUID for a demo record's name, so that seeding twice changes nothing. */
export function demoId(name: string): string {
  const h = createHash('sha1').update(`vereinsheim-demo:${name}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const demoPersonId = (key: string) => demoId(`person:${key}`);
export const demoTenantId = (slug: string) => demoId(`tenant:${slug}`);
