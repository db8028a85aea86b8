import type { ReactNode } from 'react';

/** An honest empty state: a sentence, optionally an action. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="vh-empty-state" role="status">
      <p>{message}</p>
      {children}
    </div>
  );
}
