import { IbanCheckResultSchema } from '@vereinsheim/contracts/personal-data';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** POST /api/me/bankaccount/validate-iban: one of the four spec messages. */
export function validateIban(iban: string) {
  return apiRequest('me/bankaccount/validate-iban', IbanCheckResultSchema, {
    method: 'POST',
    body: { iban },
  });
}

export function useValidateIban() {
  return useMutation({ mutationFn: validateIban });
}
