import { IonRefresher, IonRefresherContent } from './ionic/refresher.ts';

/** The refresher of PullToRefresh, a chunk of its own. */
export default function PullToRefresher({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  return (
    <IonRefresher
      slot="fixed"
      onIonRefresh={(event) => void onRefresh().finally(() => event.detail.complete())}
    >
      <IonRefresherContent />
    </IonRefresher>
  );
}
