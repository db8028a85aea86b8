import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';

export interface AppLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

/** A plain link: a page load to `to`, for what renders before the router (the dashboard's first screen). */
function PageLink({ to, className, children }: AppLinkProps) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

/**
 * How a link of a component that renders both before and inside the shell goes to its page: a plain link by
 * default, the router's in-app link inside the shell (AppShell provides it). The component itself stays free of
 * the router, so the first screen does not load it (ADR 0027 amendment of 2026-11-28, afternoon).
 */
export const AppLinkContext = createContext<ComponentType<AppLinkProps>>(PageLink);

export function AppLink(props: AppLinkProps) {
  return createElement(useContext(AppLinkContext), props);
}
