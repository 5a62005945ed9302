/**
 * Geometry of the single-line diagram, free of React so it can be tested: grid → gateway
 * meter → transformer → AC bus → storage units (PCS with their battery clusters, or integrated
 * cabinets). Beside the grid chain, the PV branch (PV array → PV meter) and the load branch
 * (load meter → site load) join the same bus, so what the grid imports has somewhere to go on
 * the drawing. Units that do not fit the available width wrap onto further bus sections, fed by
 * a riser on the left, so a 20-cabinet plant reads at 1024 px as well as on a wall display.
 */

export type TopologyVariant = 'pcs' | 'battery';
export type BoxKind = 'grid' | 'meter' | 'transformer' | 'pcs' | 'bms' | 'cabinet' | 'pvArray' | 'load';

/** A branch on the bus beside the storage: the PV or load meter of the station's meter roles. */
export type TopologyFeeder = { role: 'pv' | 'load'; meterId: number };
/** What a meter measures on the diagram (its meter role). */
export type MeterPlace = 'gateway' | TopologyFeeder['role'];

/** A storage unit: a PCS with its clusters, or a cabinet (no children). */
export type TopologyUnit = { id: number; kind: 'pcs' | 'cabinet'; children: readonly { id: number }[] };

export type TopologyInput = {
  variant: TopologyVariant;
  /** The gateway (grid) meter, drawn between grid and transformer when configured. */
  gatewayId: number | null;
  /** PV and load branches beside the grid chain (PCS view only). */
  feeders?: readonly TopologyFeeder[];
  units: readonly TopologyUnit[];
  /** Width available at scale 1 (the container's); units wrap beyond it. */
  maxWidth: number;
};

export type TopologyBox = {
  key: string;
  kind: BoxKind;
  deviceId: number | null;
  x: number;
  y: number;
  w: number;
  h: number;
  /** A meter's role on the diagram. */
  place?: MeterPlace;
};
export type WireRole = 'grid' | 'storage' | 'pv' | 'load';
/** A conductor drawn top to bottom; `deviceId` is the device whose power flows through it. */
export type TopologyWire = { key: string; d: string; deviceId: number | null; role: WireRole };
export type TopologyBus = { key: string; x1: number; x2: number; y: number };
export type TopologyLayout = {
  width: number;
  height: number;
  boxes: TopologyBox[];
  wires: TopologyWire[];
  buses: TopologyBus[];
  /** The vertical feeder joining the bus sections of wrapped rows, if any. */
  riser: { x: number; y1: number; y2: number } | null;
};

type Size = readonly [number, number];
/** Node sizes: the battery view gives clusters and cabinets room for cell extremes. */
export const TOPOLOGY_SIZES: Record<TopologyVariant, Record<'pcs' | 'bms' | 'cabinet', Size>> = {
  pcs: { pcs: [184, 96], bms: [160, 92], cabinet: [184, 112] },
  battery: { pcs: [184, 64], bms: [224, 212], cabinet: [224, 212] },
};

const MARGIN = 24;
const GAP = 18;
const BLOCK_GAP = 36;
const DROP = 40;
const CHILD_DROP = 52;
const ROW_GAP = 52;
const RISER_INDENT = 28;
const BUS_LABEL = 30;
const CHAIN = { grid: [120, 64], meter: [208, 76], transformer: [96, 76], wire: 34 } as const;
/** A branch beside the chain: its symbol level with the grid's, its meter level with the gateway meter. */
const FEEDER = { symbol: [120, 64], meter: [184, 76], gap: 36 } as const;

type Block = { unit: TopologyUnit; w: number; h: number; unitSize: Size; childSize: Size };

function blockOf(unit: TopologyUnit, variant: TopologyVariant): Block {
  const sizes = TOPOLOGY_SIZES[variant];
  const unitSize = sizes[unit.kind];
  const childSize = sizes.bms;
  const n = unit.children.length;
  const childrenW = n ? n * childSize[0] + (n - 1) * GAP : 0;
  return {
    unit,
    unitSize,
    childSize,
    w: Math.max(unitSize[0], childrenW),
    h: unitSize[1] + (n ? CHILD_DROP + childSize[1] : 0),
  };
}

/** Greedy rows: as many blocks as fit `inner` wide, at least one per row. */
function packRows(blocks: Block[], inner: number): Block[][] {
  const rows: Block[][] = [];
  let row: Block[] = [];
  let width = 0;
  for (const b of blocks) {
    const next = row.length ? width + BLOCK_GAP + b.w : b.w;
    if (row.length && next > inner) {
      rows.push(row);
      row = [b];
      width = b.w;
    } else {
      row.push(b);
      width = next;
    }
  }
  if (row.length) rows.push(row);
  return rows;
}

const rowWidth = (row: Block[]) => row.reduce((s, b) => s + b.w, 0) + Math.max(0, row.length - 1) * BLOCK_GAP;

export function layoutTopology(input: TopologyInput): TopologyLayout {
  const { variant } = input;
  const blocks = input.units.map((u) => blockOf(u, variant));
  const firstPass = packRows(blocks, Math.max(1, input.maxWidth - 2 * MARGIN));
  // Wrapped rows leave room on the left for the riser that feeds them.
  const rows =
    firstPass.length > 1 ? packRows(blocks, Math.max(1, input.maxWidth - 2 * MARGIN - RISER_INDENT)) : firstPass;
  const left = MARGIN + (rows.length > 1 ? RISER_INDENT : 0);
  const widest = Math.max(0, ...rows.map(rowWidth));
  const feeders = variant === 'pcs' ? (input.feeders ?? []) : [];
  const pv = feeders.find((f) => f.role === 'pv');
  const load = feeders.find((f) => f.role === 'load');
  const side = FEEDER.meter[0] + FEEDER.gap;
  // The band above the main bus: [PV branch] grid chain [load branch].
  const chainW = variant === 'pcs' ? CHAIN.meter[0] + (pv ? side : 0) + (load ? side : 0) : 0;
  const contentW = Math.max(widest, chainW, 160);
  const boxes: TopologyBox[] = [];
  const wires: TopologyWire[] = [];
  const buses: TopologyBus[] = [];

  // The chain from the grid down to the main bus, its band centred over the first row.
  const bandLeft = left + (Math.max(rowWidth(rows[0] ?? []), chainW) - chainW) / 2;
  const cx = bandLeft + (pv ? side : 0) + CHAIN.meter[0] / 2;
  let y = MARGIN;
  if (variant === 'pcs') {
    const chain: { kind: BoxKind; size: readonly [number, number]; deviceId: number | null }[] = [
      { kind: 'grid', size: CHAIN.grid, deviceId: null },
      ...(input.gatewayId === null ? [] : [{ kind: 'meter' as const, size: CHAIN.meter, deviceId: input.gatewayId }]),
      { kind: 'transformer', size: CHAIN.transformer, deviceId: null },
    ];
    for (const [i, c] of chain.entries()) {
      boxes.push({
        key: c.kind,
        kind: c.kind,
        deviceId: c.deviceId,
        x: cx - c.size[0] / 2,
        y,
        w: c.size[0],
        h: c.size[1],
        ...(c.kind === 'meter' ? { place: 'gateway' as const } : {}),
      });
      y += c.size[1];
      const end = i === chain.length - 1 ? y + CHAIN.wire + BUS_LABEL / 2 : y + CHAIN.wire;
      wires.push({ key: `chain-${c.kind}`, d: `M${cx},${y}V${end}`, deviceId: input.gatewayId, role: 'grid' });
      y = end;
    }
  } else {
    y += BUS_LABEL;
  }
  // PV generates down into the bus; the load draws from it up through its meter.
  for (const f of [pv, load]) {
    if (!f) continue;
    const fx =
      f.role === 'pv' ? bandLeft + FEEDER.meter[0] / 2 : cx + CHAIN.meter[0] / 2 + FEEDER.gap + FEEDER.meter[0] / 2;
    const [sw, sh] = FEEDER.symbol;
    const [mw, mh] = FEEDER.meter;
    const meterTop = MARGIN + sh + CHAIN.wire;
    const symbolBox = {
      key: f.role === 'pv' ? 'pvArray' : 'load',
      kind: f.role === 'pv' ? 'pvArray' : 'load',
    } as const;
    boxes.push({ ...symbolBox, deviceId: null, x: fx - sw / 2, y: MARGIN, w: sw, h: sh });
    boxes.push({
      key: `meter-${f.role}`,
      kind: 'meter',
      deviceId: f.meterId,
      x: fx - mw / 2,
      y: meterTop,
      w: mw,
      h: mh,
      place: f.role,
    });
    wires.push({ key: `${f.role}-top`, d: `M${fx},${MARGIN + sh}V${meterTop}`, deviceId: f.meterId, role: f.role });
    wires.push({ key: `${f.role}-bus`, d: `M${fx},${meterTop + mh}V${y}`, deviceId: f.meterId, role: f.role });
  }

  const riserX = MARGIN + RISER_INDENT / 2;
  let busY = y;
  const firstBusY = y;
  for (const [r, row] of rows.entries()) {
    const x1 = rows.length > 1 ? riserX : left;
    const x2 = left + Math.max(rowWidth(row), r === 0 ? chainW : 0);
    buses.push({ key: `bus-${r}`, x1, x2, y: busY });
    let x = left;
    const top = busY + DROP;
    for (const b of row) {
      const ucx = x + b.w / 2;
      const [uw, uh] = b.unitSize;
      boxes.push({
        key: `u-${b.unit.id}`,
        kind: b.unit.kind,
        deviceId: b.unit.id,
        x: ucx - uw / 2,
        y: top,
        w: uw,
        h: uh,
      });
      wires.push({ key: `w-${b.unit.id}`, d: `M${ucx},${busY}V${top}`, deviceId: b.unit.id, role: 'storage' });
      const n = b.unit.children.length;
      if (n) {
        const [cw, ch] = b.childSize;
        const childTop = top + uh + CHILD_DROP;
        const mid = top + uh + CHILD_DROP / 2;
        const startX = ucx - (n * cw + (n - 1) * GAP) / 2;
        for (const [k, c] of b.unit.children.entries()) {
          const ccx = startX + k * (cw + GAP) + cw / 2;
          boxes.push({ key: `c-${c.id}`, kind: 'bms', deviceId: c.id, x: ccx - cw / 2, y: childTop, w: cw, h: ch });
          wires.push({
            key: `w-${c.id}`,
            d: `M${ucx},${top + uh}V${mid}H${ccx}V${childTop}`,
            deviceId: c.id,
            role: 'storage',
          });
        }
      }
      x += b.w + BLOCK_GAP;
    }
    const rowH = Math.max(0, ...row.map((b) => b.h));
    if (r < rows.length - 1) busY = top + rowH + ROW_GAP;
    else busY = top + rowH;
  }
  const lastBusY = buses.at(-1)?.y ?? firstBusY;

  return {
    width: left + contentW + MARGIN,
    height: busY + MARGIN,
    boxes,
    wires,
    buses,
    riser: rows.length > 1 ? { x: riserX, y1: firstBusY, y2: lastBusY } : null,
  };
}
