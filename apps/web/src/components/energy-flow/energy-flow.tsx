import type { StationSummary } from '@ess/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { palette } from '@/lib/theme/palette';
import styles from './energy-flow.module.css';
import { FlowIcon, HubIcon } from './flow-icons';
import { type FlowBranch, type FlowNode, flowBalance, flowBranches, gridStateOf, storageStateOf } from './flow-model';
import { useFlowDots } from './use-flow-dots';

const HUB = { x: 320, y: 178 };
const R = 36;
const HUB_R = 22;

type Layout = { x: number; y: number; color: string; textBelow: boolean };
const LAYOUT: Record<FlowNode, Layout> = {
  pv: { x: 112, y: 104, color: palette.energyFlow.pv, textBelow: false },
  grid: { x: 528, y: 104, color: palette.energyFlow.grid, textBelow: false },
  storage: { x: 112, y: 294, color: palette.energyFlow.storage, textBelow: true },
  charger: { x: 320, y: 294, color: palette.energyFlow.charger, textBelow: true },
  load: { x: 528, y: 294, color: palette.energyFlow.load, textBelow: true },
};
const IDLE_COLOR = palette.energyFlow.idle;

/** A line from the node to the hub; dots run along it toward the hub, or backwards. */
const pathOf = (n: Layout) => `M ${n.x} ${n.y} L ${HUB.x} ${HUB.y}`;

/** The visible part of a line, between the node's halo and the hub's rim: the dots run there, above both. */
function dotsPathOf(n: Layout): string {
  const dx = HUB.x - n.x;
  const dy = HUB.y - n.y;
  const len = Math.hypot(dx, dy);
  const at = (d: number) => `${(n.x + (dx * d) / len).toFixed(1)} ${(n.y + (dy * d) / len).toFixed(1)}`;
  return `M ${at(R + 6)} L ${at(len - HUB_R - 2)}`;
}

type Props = {
  summary: StationSummary | null;
  ratedKw: number;
  /** The first summary is still loading: values and states stay blank. */
  pending?: boolean;
  /** The diagram's most height in px (a dashboard widget's body); it keeps its proportions within. */
  maxHeight?: number;
};

/**
 * Animated energy-flow diagram: grid, PV, storage, load and charging piles around the station's
 * AC bus. Dots move in the direction the live power signs give (domain.md), faster with more
 * power; idle or silent branches stay still. The load node draws the load meter without the
 * piles (their own branch), with the metered total beneath it, so the numbers add up as drawn;
 * a line under the diagram sums what flows into and out of the bus (flowBalance).
 */
export function EnergyFlow({ summary, ratedKw, pending = false, maxHeight }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const branches = flowBranches(summary, ratedKw);
  const storageState = storageStateOf(summary?.storagePower ?? null, ratedKw);
  const gridState = gridStateOf(summary?.gridPower ?? null, ratedKw);
  const balance = flowBalance(summary, ratedKw);
  // The piles are split off the load meter only when their power is known.
  const split = summary?.chargerPower !== null && summary?.chargerPower !== undefined;
  const kw = (v: number) => f.energy(v, 'kW');
  const dots = useRef<SVGSVGElement>(null);
  useFlowDots(dots);

  const stateText = (b: FlowBranch): string => {
    if (pending) return '';
    if (b.power === null) return t('siteHome.state.noData');
    switch (b.node) {
      case 'storage':
        return t(`siteHome.state.${storageState}`);
      case 'grid':
        return t(`siteHome.state.${gridState}`);
      case 'pv':
        return b.direction === 'idle' ? t('siteHome.state.idle') : t('siteHome.flow.generating');
      case 'load':
        if (split && balance.totalLoad !== null) return t('siteHome.flow.totalLoad', { value: kw(balance.totalLoad) });
        return b.direction === 'idle' ? t('siteHome.state.idle') : t('siteHome.flow.consuming');
      case 'charger':
        return b.direction === 'idle' ? t('siteHome.state.idle') : t('siteHome.flow.charging');
    }
  };

  return (
    <div className={styles.panel}>
      <div className={styles.stage}>
        <svg
          viewBox="0 0 640 402"
          className={styles.svg}
          style={maxHeight === undefined ? undefined : { maxHeight }}
          role="img"
          aria-label={t('siteHome.flow.diagram')}
        >
          <title>{t('siteHome.flow.diagram')}</title>
          {branches.map((b) => {
            const n = LAYOUT[b.node];
            const active = b.direction !== 'idle' && b.cycleS !== null;
            return (
              <g
                key={b.node}
                data-testid={b.node === 'storage' ? 'flow-storage' : `flow-line-${b.node}`}
                data-direction={b.node === 'storage' ? storageState : b.direction}
              >
                <path d={pathOf(n)} className={`${styles.track} ${active ? styles.glow : ''}`} color={n.color} />
              </g>
            );
          })}
          <circle cx={HUB.x} cy={HUB.y} r={HUB_R} className={styles.hub} />
          <g transform={`translate(${HUB.x} ${HUB.y})`}>
            <HubIcon />
          </g>
          {branches.map((b) => {
            const n = LAYOUT[b.node];
            const color = b.direction === 'idle' ? IDLE_COLOR : n.color;
            const top = n.textBelow ? n.y + R + 22 : n.y - R - 50;
            return (
              <g key={b.node}>
                <circle cx={n.x} cy={n.y} r={R + 4} className={styles.nodeHalo} stroke={n.color} />
                <circle cx={n.x} cy={n.y} r={R} className={styles.nodeRing} stroke={n.color} />
                <g transform={`translate(${n.x} ${n.y})`}>
                  <FlowIcon node={b.node} color={n.color} soc={b.node === 'storage' ? summary?.soc : undefined} />
                </g>
                <text x={n.x} y={top} textAnchor="middle" className={styles.name}>
                  {b.node === 'load' && split ? t('siteHome.flow.otherLoad') : t(`siteHome.flow.${b.node}`)}
                </text>
                <text
                  x={n.x}
                  y={top + 22}
                  textAnchor="middle"
                  className={styles.value}
                  data-testid={`flow-value-${b.node}`}
                >
                  {pending ? '' : f.energy(b.power === null ? null : Math.abs(b.power), 'kW')}
                </text>
                <text
                  x={n.x}
                  y={top + 40}
                  textAnchor="middle"
                  className={styles.state}
                  fill={color}
                  data-testid={`flow-state-${b.node}`}
                >
                  {stateText(b)}
                  {b.node === 'storage' && summary?.soc !== null && summary?.soc !== undefined
                    ? ` · ${t('siteHome.flow.socValue', { value: `${f.number(summary.soc)}%` })}`
                    : ''}
                </text>
              </g>
            );
          })}
        </svg>
        {/* The moving dots on a layer of their own (use-flow-dots.ts moves them). */}
        <svg viewBox="0 0 640 402" className={styles.dots} aria-hidden="true" data-testid="flow-dots" ref={dots}>
          {branches.map((b) => {
            const n = LAYOUT[b.node];
            if (b.direction === 'idle' || b.cycleS === null) return null;
            return (
              <path
                key={b.node}
                d={dotsPathOf(n)}
                className={styles.flow}
                stroke={n.color}
                data-node={b.node}
                data-cycle={b.cycleS}
                data-reverse={b.direction === 'fromBus'}
              />
            );
          })}
        </svg>
      </div>
      {!pending && balance.residual !== null && (
        <p
          className={styles.balance}
          data-testid="flow-balance"
          data-balanced={balance.balanced ? 'true' : 'false'}
          data-into={balance.into}
          data-out={balance.outOf}
        >
          {balance.balanced
            ? t('siteHome.flow.balance', { into: kw(balance.into), out: kw(balance.outOf) })
            : t('siteHome.flow.unbalanced', {
                into: kw(balance.into),
                out: kw(balance.outOf),
                residual: kw(Math.abs(balance.residual)),
              })}
        </p>
      )}
      <p className={styles.legend}>{t('siteHome.flow.legend')}</p>
    </div>
  );
}
