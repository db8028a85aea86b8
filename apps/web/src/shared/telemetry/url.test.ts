import { describe, expect, it } from 'vitest';
import { normalisePath, redactUrl, telemetryPath } from './url.ts';

describe('redactUrl', () => {
  it.each(['token', 'access_token', 'refresh_token', 'api_key', 'apikey', 'password', 'secret'])(
    'redacts the value of %s',
    (name) => {
      expect(redactUrl(`/api/me/mail?${name}=s3cr3t&page=1`)).toBe(`/api/me/mail?${name}=REDACTED&page=1`);
    },
  );

  it('compares parameter names case-insensitively and redacts repeated parameters', () => {
    const out = redactUrl('https://portal.example/api/x?Access_Token=a&token=b&token=c');
    expect(out).toBe('/api/x?Access_Token=REDACTED&token=REDACTED&token=REDACTED');
    expect(out).not.toMatch(/=[abc](&|$)/);
  });

  it('keeps other parameters, drops origin and hash, and normalises the path', () => {
    expect(redactUrl('http://127.0.0.1:3000/api/events/42/contract?page=1&top=200&orderby=name#frag')).toBe(
      '/api/events/{id}/contract?page=1&top=200&orderby=name',
    );
  });

  it('leaves parameters that merely contain a sensitive word alone', () => {
    expect(redactUrl('/api/x?tokenizer=on&secretary=Mia')).toBe('/api/x?tokenizer=on&secretary=Mia');
  });
});

describe('normalisePath', () => {
  it.each([
    ['/api/events/12345', '/api/events/{id}'],
    ['/api/events/6F1C2E9A-1B2C-4D3E-8F90-A1B2C3D4E5F6/contract', '/api/events/{id}/contract'],
    ['/api/b2c/person/8c9d0e1f-2a3b-5c4d-9e8f-0a1b2c3d4e5f', '/api/b2c/person/{id}'],
    ['/invoices/7/items/8', '/invoices/{id}/items/{id}'],
    ['/profile/Phone', '/profile/Phone'],
    ['/blog/spring-festival-2024', '/blog/spring-festival-2024'],
    ['/', '/'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it('gives the path without query for labels', () => {
    expect(telemetryPath('/events/99?token=x')).toBe('/events/{id}');
  });
});
