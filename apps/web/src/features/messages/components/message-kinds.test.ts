import { MESSAGE_KINDS } from '@vereinsheim/contracts/messages';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de/messages.json';
import en from '../../../locales/en/messages.json';

describe('message kinds', () => {
  it.each([
    ['de', de],
    ['en', en],
  ])('every kind the server sends has a name in %s (no raw key such as kinds.validation)', (_, texts) => {
    const kinds: Record<string, string> = texts.kinds;
    for (const kind of MESSAGE_KINDS) expect(kinds[kind], kind).toMatch(/\S/);
  });
});
