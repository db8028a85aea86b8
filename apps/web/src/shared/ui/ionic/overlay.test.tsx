import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useIonAlert } from './use-ion-alert.ts';
import { useIonToast } from './use-ion-toast.ts';

function ToastButton({ onDidDismiss }: { onDidDismiss?: () => void }) {
  const [present, dismiss] = useIonToast();
  return (
    <>
      <button onClick={() => void present({ message: 'Gespeichert', duration: 0, onDidDismiss })}>
        show
      </button>
      <button onClick={() => void dismiss()}>hide</button>
    </>
  );
}

function AlertButton() {
  const [present] = useIonAlert();
  return <button onClick={() => void present('Wirklich löschen?')}>ask</button>;
}

describe('useIonToast / useIonAlert (ion-toast and ion-alert loaded on first use)', () => {
  it('defines ion-toast on the first toast, shows one at a time, and dismisses it with onDidDismiss', async () => {
    const onDidDismiss = vi.fn();
    render(<ToastButton onDidDismiss={onDidDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: 'show' }));
    await waitFor(() => expect(document.querySelectorAll('ion-toast')).toHaveLength(1));
    expect(customElements.get('ion-toast')).toBeDefined();
    expect(document.querySelector('ion-toast')!.message).toBe('Gespeichert');

    await userEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(document.querySelectorAll('ion-toast')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'hide' }));
    await waitFor(() => expect(onDidDismiss).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.querySelectorAll('ion-toast')).toHaveLength(0));
  });

  it('presents a message as an alert with an Ok button', async () => {
    render(<AlertButton />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await waitFor(() => expect(document.querySelector('ion-alert')).not.toBeNull());
    const alert = document.querySelector('ion-alert')!;
    expect(alert.message).toBe('Wirklich löschen?');
    expect(alert.buttons).toEqual([{ text: 'Ok' }]);
  });
});
