import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN } from '../../test/fixtures.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { server } from '../../test/msw-server.ts';
import { configureApiClient } from './client.ts';
import { downloadFile, fileNameOf } from './download.ts';

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="members.csv"', 'members.csv'],
    // RFC 6266: the UTF-8 name wins over the ASCII fallback the server writes beside it.
    [
      `attachment; filename="Teilnehmer-Sommerfest.csv"; filename*=UTF-8''Teilnehmer-Sommerf%C3%A9st.csv`,
      'Teilnehmer-Sommerfést.csv',
    ],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    ['attachment; filename=', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(fileNameOf(header)).toBe(expected);
  });
});

describe('downloadFile', () => {
  const saved: { name: string; type: string }[] = [];
  beforeEach(async () => {
    saved.length = 0;
    configureApiClient({ baseUrl: ORIGIN, getAccessToken: async () => 'tok', getPersonId: () => 'p-1' });
    // The browser's part of saving: an <a download> clicked. What it would save is read off the link.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href.slice(0, 5) });
    });
    server.use(
      http.get(`${ORIGIN}/api/tenants/:club/members/export`, ({ request }) => {
        const english = request.headers.get('accept-language') === 'en';
        return new HttpResponse('\uFEFFNachname;Vorname', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${english ? 'members' : 'mitglieder'}.csv"`,
          },
        });
      }),
      http.get(
        `${ORIGIN}/api/unnamed`,
        () => new HttpResponse('x', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves the file under the name the server gave it in the UI language', async () => {
    await downloadFile('tenants/c-1/members/export', 'fallback.csv');
    await initTestI18n('en');
    await downloadFile('tenants/c-1/members/export', 'fallback.csv');
    expect(saved).toEqual([
      { name: 'mitglieder.csv', type: 'blob:' },
      { name: 'members.csv', type: 'blob:' },
    ]);
  });

  it('falls back to the given name when the server names none', async () => {
    await downloadFile('unnamed', 'fallback.csv');
    expect(saved).toEqual([{ name: 'fallback.csv', type: 'blob:' }]);
  });
});
