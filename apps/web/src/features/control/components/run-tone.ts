import { palette } from '@/lib/theme/palette';

/** The tone of a cabinet's run state code (0 standby, 1 charging, 2 discharging, 3 fault, 4 shutdown). */
export function runTone(code: number | null, online: boolean): string {
  if (!online) return palette.deviceTone.offline;
  switch (code) {
    case 0:
      return palette.deviceTone.standby;
    case 1:
      return palette.deviceTone.charging;
    case 2:
      return palette.deviceTone.discharging;
    case 3:
      return palette.deviceTone.fault;
    case 4:
      return palette.deviceTone.stopped;
    default:
      return palette.deviceTone.unknown;
  }
}
