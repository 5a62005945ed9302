import { z } from 'zod';
import { rowId } from './ids';

/**
 * Topology jump configuration (拓扑跳转配置): what a click on a node of a station's PCS
 * topology diagram opens. A node is named by its device's serial number (the diagram's clickable
 * nodes are devices); the target is a page of the platform or a device, whose drawer opens.
 * Nodes without an entry open their own device, as before.
 */
export const TOPOLOGY_TARGETS = ['route', 'device'] as const;
export type TopologyTarget = (typeof TOPOLOGY_TARGETS)[number];

/** An in-app path: starts with one `/`, no scheme, no `//`, at most 200 characters. */
export const TOPOLOGY_ROUTE = /^\/(?!\/)[A-Za-z0-9/_.-]{0,199}$/;

export const topologyJumpItem = z
  .object({
    nodeKey: z.string().trim().min(1).max(64),
    targetKind: z.enum(TOPOLOGY_TARGETS),
    targetRoute: z.string().regex(TOPOLOGY_ROUTE).nullish(),
    targetDeviceId: rowId.nullish(),
  })
  .refine((i) => (i.targetKind === 'route' ? !!i.targetRoute : i.targetDeviceId != null), {
    message: 'a route target needs targetRoute, a device target needs targetDeviceId',
  });
export type TopologyJumpItem = z.infer<typeof topologyJumpItem>;

/** Replaces the station's whole configuration (an empty list clears it). */
export const topologyJumpAddBody = z.object({
  stationId: rowId,
  items: z.array(topologyJumpItem).max(200),
});
export type TopologyJumpAddBody = z.input<typeof topologyJumpAddBody>;

export const topologyJumpRow = z.object({
  id: z.number().int(),
  nodeKey: z.string(),
  targetKind: z.enum(TOPOLOGY_TARGETS),
  targetRoute: z.string().nullable(),
  targetDeviceId: z.number().int().nullable(),
  targetDeviceName: z.string().nullable(),
  updateTime: z.number(),
});
export type TopologyJumpRow = z.infer<typeof topologyJumpRow>;
