import type { DeviceType } from '@ess/contract';
import {
  AcIcon,
  BatteryIcon,
  CabinetIcon,
  ChargerIcon,
  EmsIcon,
  MeterIcon,
  PcsIcon,
  PvIcon,
  VirtualIcon,
} from './device-icons';
import type { DeviceWidget } from './widget-types';

/**
 * The one map from device type to its widget (architecture rule 9): the card, the drawer and
 * the history chart of every device read it; a new device type is one entry here, never a
 * branch in a component. State values follow the device catalogue (docs/device-points.md);
 * a test checks the fault values against the contract's DEVICE_FAULT_STATES.
 */
export const DEVICE_WIDGETS: Record<DeviceType, DeviceWidget> = {
  ems: {
    icon: EmsIcon,
    // Who is in control of the station (docs/control-precedence.md), not only the mode selected:
    // none, TOU, plan curve, setpoint, sequence run; local control (EMS stopped) and protection.
    state: {
      code: 'ctrlSource',
      tones: { 0: 'standby', 1: 'running', 2: 'running', 3: 'running', 4: 'running', 5: 'stopped', 6: 'stopped' },
    },
    headline: null,
    gauge: null,
    metrics: ['ctrlSince', 'mode', 'cpu', 'mem'],
    chart: ['cpu', 'mem', 'disk'],
  },
  pcs: {
    icon: PcsIcon,
    state: { code: 'runState', tones: { 0: 'standby', 1: 'charging', 2: 'discharging', 3: 'fault', 4: 'stopped' } },
    headline: 'p',
    gauge: null,
    metrics: ['ctrlSource', 'ctrlSince', 'q', 'igbtTemp'],
    chart: ['p', 'q'],
  },
  bms: {
    icon: BatteryIcon,
    state: { code: 'state', tones: { 0: 'standby', 1: 'charging', 2: 'discharging', 3: 'fault' } },
    headline: 'power',
    gauge: 'soc',
    metrics: [
      { code: 'cellVmax', cell: 'cellVmaxNo' },
      { code: 'cellVmin', cell: 'cellVminNo' },
      { code: 'cellTmax', cell: 'cellTmaxNo' },
      { code: 'cellTmin', cell: 'cellTminNo' },
    ],
    chart: ['soc', 'power'],
  },
  cabinet: {
    icon: CabinetIcon,
    state: { code: 'runState', tones: { 0: 'standby', 1: 'charging', 2: 'discharging', 3: 'fault', 4: 'stopped' } },
    headline: 'p',
    gauge: 'soc',
    metrics: ['soh', { code: 'cellVmax', cell: 'cellVmaxNo' }, { code: 'cellVmin', cell: 'cellVminNo' }, 'envTemp'],
    chart: ['p', 'soc'],
  },
  meter: {
    icon: MeterIcon,
    state: null,
    headline: 'p',
    gauge: null,
    metrics: ['ua', 'freq', 'forwardEnergy', 'reverseEnergy'],
    chart: ['p'],
  },
  pv: {
    icon: PvIcon,
    state: { code: 'state', tones: { 0: 'standby', 1: 'running', 2: 'fault' } },
    headline: 'p',
    gauge: null,
    metrics: ['dailyEnergy', 'temp', 'udc', 'idc'],
    chart: ['p'],
  },
  charger: {
    icon: ChargerIcon,
    state: { code: 'state', tones: { 0: 'standby', 1: 'charging', 2: 'fault' } },
    headline: 'p',
    gauge: 'evSoc',
    metrics: ['sessionEnergy', 'voltage', 'current'],
    chart: ['p', 'evSoc'],
  },
  ac: {
    icon: AcIcon,
    // 0 off, 1 cooling, 2 heating, 3 fan, 4 fault.
    state: { code: 'state', tones: { 0: 'stopped', 1: 'running', 2: 'running', 3: 'running', 4: 'fault' } },
    headline: null,
    gauge: null,
    metrics: ['supplyTemp', 'returnTemp', 'humidity', 'p'],
    chart: ['supplyTemp', 'returnTemp'],
  },
  virtual: {
    icon: VirtualIcon,
    state: null,
    headline: null,
    gauge: null,
    // Formulas differ per device: the card shows its first points.
    metrics: [],
    chart: [],
  },
};

/** Storage units first, then what surrounds them: the order of groups on the screens. */
export const DEVICE_TYPE_ORDER: readonly DeviceType[] = [
  'cabinet',
  'pcs',
  'bms',
  'ac',
  'ems',
  'meter',
  'pv',
  'charger',
  'virtual',
];
