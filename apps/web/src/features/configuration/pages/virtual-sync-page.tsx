import { SyncStationList } from '../components/sync-station-list';

/** Virtual configuration sync (/system/synchronize-virtual-configuration). */
export function VirtualSyncPage() {
  return <SyncStationList kind="virtual" />;
}
