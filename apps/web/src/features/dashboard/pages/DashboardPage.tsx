import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVEAL_AT_LATEST_MS, revealShell, shellCovered } from '../../../shared/ui/first-screen.ts';
import { AppPage } from '../../../shared/ui/AppPage.tsx';
import { PullToRefresh } from '../../../shared/ui/PullToRefresh.tsx';
import { DashboardSections, useDashboardSettled } from '../components/DashboardSections.tsx';
import { ShellDashboardParts } from '../components/shell-parts.tsx';

/** The dashboard: greets the person, their next events (invitations answered here), clubs, news and messages. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  // Revealed under the first screen once it shows what that shows (shared/ui/first-screen.ts): its clubs and next
  // events have answered. Both show the same states of the same queries, so when an answer is late the shell takes
  // over after REVEAL_AT_LATEST_MS all the same, with the sections still loading.
  const settled = useDashboardSettled();
  // Beneath the first screen the content renders in a transition after the page's frame: React renders it in short
  // slices then, where Ionic's router outlet would render the whole page in one long task (issue 14 §6).
  const [contentShown, setContentShown] = useState(() => !shellCovered());
  useEffect(() => {
    if (!contentShown) startTransition(() => setContentShown(true));
  }, [contentShown]);
  useEffect(() => {
    if (settled && contentShown) revealShell();
  }, [settled, contentShown]);
  useEffect(() => {
    const latest = setTimeout(revealShell, REVEAL_AT_LATEST_MS);
    return () => clearTimeout(latest);
  }, []);
  return (
    <AppPage title={t('title')}>
      {contentShown && (
        <>
          <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
          <ShellDashboardParts>
            <DashboardSections />
          </ShellDashboardParts>
        </>
      )}
    </AppPage>
  );
}
