import { IonButton, IonIcon } from '@ionic/react';
import type { ComponentProps } from 'react';

type ToolbarActionProps = {
  /** An ionicons icon (ionicons/icons). */
  icon: string;
  /** What the action does: its words beside the icon, and its name where the icon stands alone. */
  label: string;
  'data-testid'?: string;
} & Pick<ComponentProps<typeof IonButton>, 'onClick' | 'routerLink' | 'disabled'>;

/**
 * A page's action in its header (AppPage's `actions`): icon and words, on phones the icon alone (shell.css), which
 * leaves the header's width to the page's title.
 */
export function ToolbarAction({ icon, label, ...button }: ToolbarActionProps) {
  return (
    <IonButton {...button} aria-label={label}>
      <IonIcon slot="start" icon={icon} aria-hidden="true" />
      <span className="vh-toolbar-action-text">{label}</span>
    </IonButton>
  );
}
