import { describe, expect, it } from 'vitest';
import {
  apiFailureCategory,
  deviceForWidth,
  isValidInstrumentationKey,
  responseTimeBucket,
  statusOfError,
} from './classify.ts';

describe('responseTimeBucket', () => {
  it.each([
    [0, 'fast'],
    [99.9, 'fast'],
    [100, 'medium'],
    [499, 'medium'],
    [500, 'slow'],
    [999, 'slow'],
    [1000, 'very_slow'],
    [30_000, 'very_slow'],
  ])('%s ms → %s', (ms, bucket) => {
    expect(responseTimeBucket(ms)).toBe(bucket);
  });
});

describe('apiFailureCategory', () => {
  it.each([
    [null, 'network_error'],
    [500, 'server_error'],
    [503, 'server_error'],
    [400, 'client_error'],
    [404, 'client_error'],
    [499, 'client_error'],
    [200, undefined],
    [304, undefined],
  ])('%s → %s', (status, category) => {
    expect(apiFailureCategory(status)).toBe(category);
  });
});

describe('deviceForWidth (the 768 px mobile rule)', () => {
  it.each([
    [320, 'mobile'],
    [768, 'mobile'],
    [769, 'desktop'],
    [1280, 'desktop'],
  ])('%s px → %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });
});

describe('isValidInstrumentationKey', () => {
  it.each([
    ['3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b', true],
    ['3F2B8C1E-5D4A-4E6F-9A7B-1C2D3E4F5A6B', true],
    ['', false],
    ['not-a-uuid', false],
    ['3f2b8c1e5d4a4e6f9a7b1c2d3e4f5a6b', false],
    ['3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6', false],
    [' 3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (key, valid) => {
    expect(isValidInstrumentationKey(key)).toBe(valid);
  });
});

describe('statusOfError', () => {
  it('reads status or statusCode, and nothing else', () => {
    expect(statusOfError({ status: 502 })).toBe(502);
    expect(statusOfError({ statusCode: 404 })).toBe(404);
    expect(statusOfError(new TypeError('Failed to fetch'))).toBeNull();
    expect(statusOfError({ status: 'oops' })).toBeNull();
    expect(statusOfError(undefined)).toBeNull();
  });
});
