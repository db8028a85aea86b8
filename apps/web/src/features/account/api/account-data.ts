import { ACCOUNT_DELETION_CONFIRMATION, FRESH_SIGN_IN_REQUIRED } from '@vereinsheim/contracts/account';
import { PRODUCT_KEY } from '@vereinsheim/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, apiRequestBlob, isApiError } from '../../../shared/api/client.ts';
import { useAuth } from '../../../shared/auth/session-context.tsx';

/** GET /api/me/export: everything stored about the person, as a JSON file. */
export function exportAccount(): Promise<Blob> {
  return apiRequestBlob('me/export');
}

/** DELETE /api/me with the typed confirmation word. */
export function deleteAccount(confirmation: string) {
  return apiRequest('me', null, { method: 'DELETE', body: { confirmation } });
}

/** The API's answer when the sign-in is too old for the action (401, RFC 9470 step-up). */
export function isFreshSignInRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.problem?.type === FRESH_SIGN_IN_REQUIRED;
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/** Set while the person signs in again to delete their account (survives the trip to the provider). */
export const DELETE_AFTER_SIGN_IN_KEY = `${PRODUCT_KEY}_delete_after_sign_in`;

export type DeletionState =
  | { kind: 'idle' }
  /** The API wants a fresh sign-in: offer it. */
  | { kind: 'sign-in-needed' }
  /** Back from the fresh sign-in and still refused (asked only once per visit). */
  | { kind: 'sign-in-failed' }
  | { kind: 'failed'; detail: string | null };

/**
 * Account deletion: DELETE /api/me, then sign-out. The API deletes only right after a sign-in (its
 * auth_time at most FRESH_SIGN_IN_MAX_AGE_SECONDS old); when it asks for one, `signInAgain` sends the
 * person to the provider with prompt=login and max_age=0 and back to /account, where `returned` is true
 * and they confirm once more.
 */
export function useAccountDeletion() {
  const auth = useAuth();
  const deleter = useDeleteAccount();
  const [returned] = useState(() => sessionStorage.getItem(DELETE_AFTER_SIGN_IN_KEY) === '1');
  const [state, setState] = useState<DeletionState>({ kind: 'idle' });

  useEffect(() => {
    if (returned) sessionStorage.removeItem(DELETE_AFTER_SIGN_IN_KEY);
  }, [returned]);

  const remove = (confirmation: string) => {
    setState({ kind: 'idle' });
    deleter.mutate(confirmation, {
      onSuccess: () => void auth.signOut(),
      onError: (error) =>
        setState(
          isFreshSignInRequired(error)
            ? { kind: returned ? 'sign-in-failed' : 'sign-in-needed' }
            : { kind: 'failed', detail: (isApiError(error) && error.problem?.detail) || null },
        ),
    });
  };

  const signInAgain = () => {
    sessionStorage.setItem(DELETE_AFTER_SIGN_IN_KEY, '1');
    void auth.reauthenticate('/account');
  };

  return { returned, state, pending: deleter.isPending, remove, signInAgain };
}

export { ACCOUNT_DELETION_CONFIRMATION };
