import { type Names, names, type SequenceStep } from '@ess/contract';
import type { Db } from './client';
import { settings } from './schema';
import { sequenceTemplates } from './sequence-schema';

/** Marks that the built-in templates were given once: deleting them later is an administrator's choice. */
const MARKER = 'seed.sequenceTemplates.v1';

/** A built-in step: its name in the four languages; the Chinese is stored as its name (the fallback). */
export type BuiltInStep = SequenceStep & { names: Names };

const pcs = (stepNames: Names, s: Omit<SequenceStep, 'name' | 'deviceType' | 'index' | 'sn'>): BuiltInStep => ({
  name: stepNames.zh_CN,
  names: stepNames,
  deviceType: 'pcs',
  index: null,
  sn: null,
  ...s,
});

/**
 * Generic templates (every PCS of the station), in the order domain.md gives: breaker, start,
 * power. Names in the four languages; the Chinese is stored as the template's name (the fallback).
 */
export const BUILT_IN_SEQUENCES: { names: Names; steps: BuiltInStep[] }[] = [
  {
    names: names('储能一键启动', 'Storage start', 'Arranque del almacenamiento', '蓄電一括起動'),
    steps: [
      pcs(names('合直流断路器', 'Close DC breaker', 'Cerrar el interruptor de CC', '直流遮断器を投入'), {
        pointCode: 'dcBreaker',
        value: 1,
        check: { pointCode: 'dcBreakerState', op: 'eq', value: 1 },
        timeoutS: 60,
      }),
      pcs(names('启动PCS', 'Start PCS', 'Arrancar el PCS', 'PCSを起動'), {
        pointCode: 'startStop',
        value: 1,
        check: { pointCode: 'runState', op: 'ne', value: 4 },
        timeoutS: 120,
      }),
      pcs(names('功率置零待命', 'Power to standby', 'Potencia a cero en espera', '出力ゼロで待機'), {
        pointCode: 'pSet',
        value: 0,
        check: null,
        timeoutS: 60,
      }),
    ],
  },
  {
    names: names('储能一键停机', 'Storage stop', 'Parada del almacenamiento', '蓄電一括停止'),
    steps: [
      pcs(names('功率降为零', 'Power to zero', 'Potencia a cero', '出力をゼロに'), {
        pointCode: 'pSet',
        value: 0,
        check: null,
        timeoutS: 60,
      }),
      pcs(names('停止PCS', 'Stop PCS', 'Detener el PCS', 'PCSを停止'), {
        pointCode: 'startStop',
        value: 0,
        check: { pointCode: 'runState', op: 'eq', value: 4 },
        timeoutS: 120,
      }),
      pcs(names('分直流断路器', 'Open DC breaker', 'Abrir el interruptor de CC', '直流遮断器を開放'), {
        pointCode: 'dcBreaker',
        value: 0,
        check: { pointCode: 'dcBreakerState', op: 'eq', value: 0 },
        timeoutS: 60,
      }),
    ],
  },
];

/** Adds the built-in sequential control templates once per database (new and upgraded ones alike). */
export async function syncBuiltInSequences(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: MARKER, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return;
    await tx
      .insert(sequenceTemplates)
      .values(
        BUILT_IN_SEQUENCES.map((t) => ({ ...t, name: t.names.zh_CN, stationId: null, builtIn: true, updateBy: null })),
      );
  });
}
