import type { MapMarker } from '@ess/contract';
import { STATUS_SEVERITY } from '@/lib/station/site-status';

/** A station placed on the map: its marker's centre in view-box units. */
export type PlacedMarker = { marker: MapMarker; x: number; y: number };

/** Stations whose markers would cover each other at this zoom, drawn as one. */
export type MarkerGroup = {
  /** Largest capacity first. */
  members: readonly PlacedMarker[];
  /** The members' centre, weighted by capacity. */
  x: number;
  y: number;
  capacityKwh: number;
  /** The worst of the members' states (STATUS_SEVERITY), so a fault is never hidden by a neighbour. */
  status: MapMarker['status'];
};

const single = (p: PlacedMarker): MarkerGroup => ({
  members: [p],
  x: p.x,
  y: p.y,
  capacityKwh: p.marker.capacityKwh,
  status: p.marker.status,
});

function merged(a: MarkerGroup, b: MarkerGroup): MarkerGroup {
  // Weights of at least 1 kWh: stations without a capacity still pull the centre.
  const wa = Math.max(1, a.capacityKwh);
  const wb = Math.max(1, b.capacityKwh);
  return {
    members: [...a.members, ...b.members].sort((m, n) => n.marker.capacityKwh - m.marker.capacityKwh),
    x: (a.x * wa + b.x * wb) / (wa + wb),
    y: (a.y * wa + b.y * wb) / (wa + wb),
    capacityKwh: a.capacityKwh + b.capacityKwh,
    status: STATUS_SEVERITY[b.status] > STATUS_SEVERITY[a.status] ? b.status : a.status,
  };
}

/**
 * Groups the markers that would overlap: two groups whose drawn extents (`extentOf`: the
 * circle's radius, or a ring's outer radius) come closer than `gap` merge, until no two do. A
 * map holds tens to hundreds of stations, so the pairwise passes cost little; the result does
 * not depend on the order they came in.
 */
export function groupMarkers(
  placed: readonly PlacedMarker[],
  extentOf: (group: MarkerGroup) => number,
  gap: number,
): MarkerGroup[] {
  const groups = [...placed]
    .sort((a, b) => b.marker.capacityKwh - a.marker.capacityKwh || a.marker.id - b.marker.id)
    .map(single);
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      const a = groups[i];
      const b = groups[j];
      if (!a || !b) continue;
      const reach = extentOf(a) + extentOf(b) + gap;
      if (Math.hypot(a.x - b.x, a.y - b.y) >= reach) continue;
      groups[i] = merged(a, b);
      groups.splice(j, 1);
      // The merged group moved and grew: it is compared with every other group again.
      i = -1;
      break;
    }
  }
  return groups;
}

/** The radius of the ring `spread` puts `k` markers of at most `radius` on, edges `gap` apart. */
export const ringRadius = (k: number, radius: number, gap: number): number =>
  k < 2 ? 0 : (radius + gap / 2) / Math.sin(Math.PI / k);

/**
 * Where each member of a group is drawn when every station must stay visible and pressable (a
 * province's view): on a ring around the group's centre, neighbours' edges `gap` apart
 * (`radius` the largest marker's).
 */
export function spread(group: MarkerGroup, radius: number, gap: number): PlacedMarker[] {
  const k = group.members.length;
  if (k === 1) return [...group.members];
  const ring = ringRadius(k, radius, gap);
  return group.members.map(({ marker }, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / k;
    return { marker, x: group.x + ring * Math.cos(angle), y: group.y + ring * Math.sin(angle) };
  });
}
