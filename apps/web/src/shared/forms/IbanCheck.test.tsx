import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/client.ts';
import { ORIGIN, VALID_IBAN_CHECK } from '../../test/fixtures.ts';
import { server } from '../../test/msw-server.ts';
import { IbanCheck } from './IbanCheck.tsx';

beforeAll(() =>
  configureApiClient({
    baseUrl: ORIGIN,
    getAccessToken: () => Promise.resolve('t'),
    getPersonId: () => null,
  }),
);

describe('IbanCheck', () => {
  it('fills BIC and bank from the server for a valid German IBAN and names them', async () => {
    let asked: unknown;
    server.use(
      http.post(`${ORIGIN}/api/me/bankaccount/validate-iban`, async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json(VALID_IBAN_CHECK);
      }),
    );
    const onBank = vi.fn();
    render(<IbanCheck iban="DE34 7025 0150 0028 4193 70" onBank={onBank} />);
    await waitFor(() =>
      expect(onBank).toHaveBeenCalledWith({
        bic: 'BYLADEM1KMS',
        bankName: 'Kreissparkasse München Starnberg Ebersberg',
      }),
    );
    expect(asked).toEqual({ iban: 'DE34702501500028419370' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'IBAN erfolgreich geprüft. BIC: BYLADEM1KMS Bank: Kreissparkasse München Starnberg Ebersberg',
    );
  });

  it('fills nothing and does not ask the server for a wrong checksum', async () => {
    const asked = vi.fn();
    server.use(
      http.post(`${ORIGIN}/api/me/bankaccount/validate-iban`, () => {
        asked();
        return HttpResponse.json({});
      }),
    );
    const onBank = vi.fn();
    render(<IbanCheck iban="DE34702501500028419371" onBank={onBank} />);
    expect(screen.getByRole('status')).toHaveTextContent('Die angegebene IBAN ist ungültig.');
    await new Promise((r) => setTimeout(r, 400));
    expect(asked).not.toHaveBeenCalled();
    expect(onBank).not.toHaveBeenCalled();
  });
});
