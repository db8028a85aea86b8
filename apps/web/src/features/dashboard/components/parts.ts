import type { MyRegistration } from '@vereinsheim/contracts/events';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { ClubScope } from '../../../shared/tenant-selection/scope.ts';
import type { QueryStatesProps } from '../../../shared/ui/QueryStates.tsx';

/**
 * What the dashboard's sections show differently before and inside the shell (ADR 0027 amendment of 2026-11-28,
 * afternoon). The sections themselves (DashboardSections.tsx) are plain elements and load without Ionic, so the
 * first screen (app/screens/FirstScreen.tsx) shows them before the shell is there; inside the shell the page gives
 * them its Ionic parts (shell-parts.tsx): the loading and error states with their retry, the club switch and the
 * invitations' answers.
 */
export interface DashboardParts {
  /** A list's loading, error and empty states around its content. */
  States: <T>(props: QueryStatesProps<T>) => ReactNode;
  /** The club scope line above the next events. */
  ScopeLine: ComponentType<{ scope: ClubScope }>;
  /** Under an invitation: its answer buttons. */
  Answer: ComponentType<{ registration: MyRegistration }>;
  /** The next events could not be loaded: the retry. */
  Retry: ComponentType<{ onRetry: () => void }>;
  /** No club yet: the way to join one. */
  JoinClub: ComponentType;
}

export const DashboardPartsContext = createContext<DashboardParts | null>(null);

export function useDashboardParts(): DashboardParts {
  const parts = useContext(DashboardPartsContext);
  if (!parts) throw new Error('The dashboard sections need their parts (DashboardPartsContext).');
  return parts;
}
