import type { DashboardWidget, WIDGET_WIDTHS, WidgetKind } from '@ess/contract';
import type { TFunction } from 'i18next';

type Width = (typeof WIDGET_WIDTHS)[number];

/** Each kind's size when added: tiles small, charts and lists wider and taller. */
export const DEFAULT_SIZE: Record<WidgetKind, { w: Width; h: number }> = {
  kpi: { w: 3, h: 1 },
  curve: { w: 8, h: 3 },
  energyFlow: { w: 6, h: 3 },
  alarms: { w: 6, h: 3 },
  map: { w: 6, h: 3 },
  devices: { w: 4, h: 3 },
  points: { w: 8, h: 4 },
};

/** A key not yet used on the dashboard: the kind and a number. */
export function newKey(kind: WidgetKind, widgets: readonly DashboardWidget[]): string {
  const used = new Set(widgets.map((w) => w.key));
  for (let n = 1; ; n++) if (!used.has(`${kind}${n}`)) return `${kind}${n}`;
}

/** The widgets with the one at `index` moved by `delta` places (clamped to the ends). */
export function moved<T>(items: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, index + delta));
  const out = [...items];
  const [item] = out.splice(index, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

/** The widget's own title, else its kind's (a tile: its figure's) name. */
export function widgetTitle(w: DashboardWidget, t: TFunction): string {
  if (w.title) return w.title;
  return w.kind === 'kpi' ? t(`dashboards.metrics.${w.metric}`) : t(`dashboards.kinds.${w.kind}`);
}
