import { lazy, Suspense, useEffect } from 'react';
import type { ClubScope } from './scope.ts';
import './club-scope.css';

// The select (ion-select with its popover, alert and action sheet) is a chunk of its own, so the dashboard's first
// paint does not wait for it (ADR 0027); it starts loading when the line first renders, while the clubs load.
const loadField = () => import('./ClubScopeField.tsx');
const ClubScopeField = lazy(loadField);

/**
 * The header line of a club-scoped page: which club it shows ('Verein: TSV Grünwald', 'Alle Vereine') and the
 * switch to another club or to all of them. Its height is fixed, so the list below does not move when it loads.
 */
export function ClubScopeSelect({ scope }: { scope: ClubScope }) {
  useEffect(() => {
    void loadField();
  }, []);
  return (
    <div className="vh-club-scope" data-testid="club-scope">
      {scope.allClubs.length > 0 && (
        <Suspense fallback={null}>
          <ClubScopeField scope={scope} />
        </Suspense>
      )}
    </div>
  );
}
