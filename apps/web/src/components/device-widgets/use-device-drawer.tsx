import { type ReactNode, useCallback, useState } from 'react';
import type { StationLive } from '@/lib/live/use-station-live';
import { DeviceDrawer, type DrawerTab } from './device-drawer';

export type DeviceDrawerHandle = {
  /** The open device, or null. */
  deviceId: number | null;
  open: (deviceId: number, tab?: DrawerTab) => void;
  close: () => void;
  /** Render this once in the page. */
  element: ReactNode;
};

/**
 * Any page's way to show a device's detail drawer: `const drawer = useDeviceDrawer(live)`,
 * `drawer.open(id)` on a click, `{drawer.element}` in the page. Pass the page's
 * `useStationLive` result when it has one, so the drawer does not open a second socket.
 */
export function useDeviceDrawer(live?: StationLive | null): DeviceDrawerHandle {
  const [shown, setShown] = useState<{ deviceId: number; tab: DrawerTab } | null>(null);
  const open = useCallback((deviceId: number, tab: DrawerTab = 'points') => setShown({ deviceId, tab }), []);
  const close = useCallback(() => setShown(null), []);
  return {
    deviceId: shown?.deviceId ?? null,
    open,
    close,
    element: <DeviceDrawer deviceId={shown?.deviceId ?? null} tab={shown?.tab} onClose={close} live={live} />,
  };
}
