import { describe, expect, it } from 'vitest';
import { testAppConfig } from '../../test/fixtures.ts';
import { setAppConfig } from '../config/app-config.ts';
import { mediaUrl } from './media.ts';

describe('media addresses', () => {
  it('stay root-relative on the web and point at the portal server in the apps', () => {
    setAppConfig({ ...testAppConfig, apiBaseUrl: 'https://portal.example.org/api' });
    expect(mediaUrl('/media/files/abc.webp', false)).toBe('/media/files/abc.webp');
    expect(mediaUrl('/media/files/abc.webp', true)).toBe('https://portal.example.org/media/files/abc.webp');
    expect(mediaUrl('https://cdn.example.org/x.png', true)).toBe('https://cdn.example.org/x.png');
    expect(mediaUrl('//evil.example/x.png', true)).toBe('//evil.example/x.png');
    expect(mediaUrl(null, true)).toBeNull();
  });
});
