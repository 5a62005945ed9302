import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** Line icons of the station's equipment, drawn in the current text colour (antd has none for these). */
function Icon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

/** EMS: the station controller. */
export const EmsIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="12" rx="1.5" />
    <path d="M8 20h8M12 16v4M7 12l3-3 2 2 4-4" />
  </Icon>
);

/** PCS: a converter box, AC on one side, DC on the other. */
export const PcsIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="1.5" />
    <path d="M3 21 21 3M6 8c1-1.5 2-1.5 3 0s2 1.5 3 0M13 16h5M13 18.5h5" />
  </Icon>
);

/** Battery cluster. */
export const BatteryIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="7" width="17" height="10" rx="1.5" />
    <path d="M21.5 10.5v3M6 10v4M9.5 10v4M13 10v4" />
  </Icon>
);

/** Integrated cabinet: an enclosure with battery racks. */
export const CabinetIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="2.5" width="14" height="19" rx="1.2" />
    <path d="M8 6.5h8M8 10h8M8 13.5h8M12 17v2" />
  </Icon>
);

/** Meter: a dial. */
export const MeterIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 13l4-4M7.5 17.5h9M12 5v1.5" />
  </Icon>
);

/** PV inverter: a panel under the sun. */
export const PvIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20l2.5-9h13L17 20z" />
    <path d="M10.5 11l-1.2 9M15 11l-.6 9M5.2 15.5h13.2" />
    <circle cx="7" cy="5" r="2" />
  </Icon>
);

/** Charging pile. */
export const ChargerIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="3" width="11" height="18" rx="1.5" />
    <path d="M10.5 7.5 8 12h3l-2.5 4.5M15 9h2.5a1.5 1.5 0 0 1 1.5 1.5V17a1.5 1.5 0 0 0 3 0v-6" />
  </Icon>
);

/** Air conditioner: a snowflake. */
export const AcIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 2.5v19M3.8 7.2l16.4 9.6M3.8 16.8l16.4-9.6" />
    <path d="M9.5 4.5 12 6.5l2.5-2M9.5 19.5l2.5-2 2.5 2" />
  </Icon>
);

/** Virtual device: computed points. */
export const VirtualIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" strokeDasharray="3 2.5" />
    <path d="M15.5 7.5h-7l4 4.5-4 4.5h7" />
  </Icon>
);
