import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Names, names } from '@ess/contract';
import { desc, eq } from 'drizzle-orm';
import { type ReadDefinition, readDefinition } from '../domains/workorder/process';
import { serverRoot } from '../server-root';
import type { Db } from './client';
import { settings } from './schema';
import { orderTemplates, processDefinitions } from './workorder-schema';

/** Marks that the built-in processes were given once: deleting them later is an administrator's choice. */
const MARKER = 'seed.workorderProcesses.v1';
/** Marks that databases seeded before the SLA boundary timers got the built-ins with them, once. */
const SLA_MARKER = 'seed.workorderProcesses.slaTimers';

const NODE_NAMES: Record<string, Names> = {
  allocate: names('派单', 'Allocate', 'Asignar', '割当'),
  accept: names('接单', 'Accept', 'Aceptar', '受付'),
  review: names('验收', 'Review', 'Revisar', '検収'),
};

/** The processes that ship with the platform (apps/server/processes/*.bpmn) and their templates. */
export const BUILT_IN_PROCESSES: {
  file: string;
  orderType: 1 | 2 | 3;
  names: Names;
  handle: Names;
  slaHours: number;
}[] = [
  {
    file: 'fault-repair.bpmn',
    orderType: 1,
    names: names('故障维修', 'Fault repair', 'Reparación de fallos', '故障修理'),
    handle: names('维修', 'Repair', 'Reparar', '修理'),
    slaHours: 24,
  },
  {
    file: 'station-inspection.bpmn',
    orderType: 2,
    names: names('电站巡检', 'Station inspection', 'Inspección de la estación', '発電所点検'),
    handle: names('巡检', 'Inspect', 'Inspeccionar', '点検'),
    slaHours: 72,
  },
  {
    file: 'station-cleaning.bpmn',
    orderType: 3,
    names: names('电站清洗', 'Station cleaning', 'Limpieza de la estación', '発電所清掃'),
    handle: names('清洗', 'Clean', 'Limpiar', '清掃'),
    slaHours: 72,
  },
];

export const builtInProcessXml = (file: string): string =>
  readFileSync(path.join(serverRoot, 'processes', file), 'utf8');

/** Gives the built-in definitions (version 1 of their keys) and one template per order type, once. */
export async function syncBuiltInProcesses(db: Db): Promise<void> {
  const read = await Promise.all(
    BUILT_IN_PROCESSES.map(async (p) => {
      const xml = builtInProcessXml(p.file);
      return { p, xml, def: await readDefinition(xml) };
    }),
  );
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return;
    for (const { p, xml, def } of read) {
      const nodes = def.nodes.map((n) => {
        const local = n.id === 'handle' ? p.handle : NODE_NAMES[n.id];
        return local ? { ...n, name: local.zh_CN, names: local } : n;
      });
      await tx.insert(processDefinitions).values({
        key: def.key,
        version: 1,
        name: p.names.zh_CN,
        names: p.names,
        xml,
        nodes,
        builtIn: true,
      });
      await tx.insert(orderTemplates).values({
        name: p.names.zh_CN,
        names: p.names,
        orderType: p.orderType,
        definitionKey: def.key,
        slaHours: p.slaHours,
      });
    }
  });
  await addSlaTimers(db, read);
}

/**
 * Databases seeded before the definitions carried their SLA as boundary timers (ess:sla) get
 * the new XML as the next version of each built-in key, once: new orders take it, running ones
 * keep the version they run on. A key whose newest version is an administrator's upload, or was
 * deleted or suspended, is left as its administrator made it.
 */
async function addSlaTimers(db: Db, read: { xml: string; def: ReadDefinition }[]): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: SLA_MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return;
    for (const { xml, def } of read) {
      const [latest] = await tx
        .select()
        .from(processDefinitions)
        .where(eq(processDefinitions.key, def.key))
        .orderBy(desc(processDefinitions.version))
        .limit(1);
      if (!latest?.builtIn || latest.deletedAt || latest.suspended || latest.xml.includes('ess:sla=')) continue;
      await tx.insert(processDefinitions).values({
        key: def.key,
        version: latest.version + 1,
        name: latest.name,
        names: latest.names,
        xml,
        // The same user tasks: their localised names stay.
        nodes: latest.nodes,
        builtIn: true,
      });
    }
  });
}
