import { palette } from '@/lib/theme/palette';
import styles from './energy-flow.module.css';
import type { FlowNode } from './flow-model';

/**
 * Line icons of the energy-flow nodes, drawn in a 32 × 32 box centred on (0, 0). The battery
 * is filled to the station's SOC.
 */
export function FlowIcon({ node, color, soc }: { node: FlowNode; color: string; soc?: number | null }) {
  const common = { className: styles.icon, stroke: color };
  switch (node) {
    case 'grid':
      return (
        <g {...common} transform="translate(-16 -16)">
          <path d="M16 2 L9 30 M16 2 L23 30 M11 11 H21 M8.5 19 H23.5 M11 11 L22 19 M21 11 L10 19 M4 11 H28 M6 19 H26" />
        </g>
      );
    case 'pv':
      return (
        <g {...common} transform="translate(-16 -16)">
          <path d="M3 21 L9 7 H29 L23 21 Z M6 14 H26 M14.7 7 L12 21 M21.3 7 L18 21 M16 21 V27 M10 27 H22" />
        </g>
      );
    case 'storage': {
      const share = Math.max(0, Math.min(100, soc ?? 0)) / 100;
      return (
        <g transform="translate(-16 -16)">
          <rect x="3" y="8" width="23" height="16" rx="2.5" className={styles.icon} stroke={color} />
          <path d="M26 13 H29 V19 H26" className={styles.icon} stroke={color} />
          <rect x="5.5" y="10.5" width={Math.max(0.01, 18 * share)} height="11" rx="1" fill={color} opacity={0.85} />
        </g>
      );
    }
    case 'load':
      return (
        <g {...common} transform="translate(-16 -16)">
          <path d="M3 28 V15 L10 19 V15 L17 19 V8 H23 V4 H27 V28 Z M3 28 H29 M8 23 H11 M14 23 H17 M21 23 H24 M21 13 H24" />
        </g>
      );
    case 'charger':
      return (
        <g {...common} transform="translate(-16 -16)">
          <path d="M6 29 V5 Q6 3 8 3 H18 Q20 3 20 5 V29 Z M3 29 H23 M20 11 H24 Q26 11 26 13 V22 Q26 24 28 24 M28 24 V17" />
          <path d="M14 8 L10 16 H14 L12 23 L17 14 H13 Z" fill={color} stroke="none" />
        </g>
      );
  }
}

/** The bus junction in the middle: a lightning bolt. */
export function HubIcon() {
  return <path d="M2 -13 L-8 2 H0 L-3 13 L8 -3 H0 Z" fill={palette.energyFlow.hub} />;
}
