import { z } from 'zod';

/**
 * How a meter is connected (spec 7 meter configuration): the nominal line-to-line voltage of
 * the network it measures, and the ratios of its voltage (PT) and current (CT) transformers.
 * A meter on the 10 kV side reads 100 V/√3 ≈ 57.7 V phase voltage behind a 10000/100 PT;
 * a low-voltage meter reads its 400 V bus directly (PT 1). Voltages and currents a meter
 * reports are its secondary values; primary = secondary × ratio. Power and energy are
 * primary values (the meter applies both ratios).
 */
export type MeterConnection = {
  /** Nominal line-to-line voltage on the primary side, V (10000 for a 10 kV meter, 400 for the LV bus). */
  nominalVoltageV: number;
  /** Voltage transformer ratio, primary V per secondary V (100 for 10000/100; 1 without one). */
  ptRatio: number;
  /** Current transformer ratio, primary A per secondary A (40 for 200/5; 1 without one). */
  ctRatio: number;
};

/** A meter nobody configured: on a 400 V low-voltage bus, read directly. */
export const DEFAULT_METER_CONNECTION: MeterConnection = { nominalVoltageV: 400, ptRatio: 1, ctRatio: 1 };

/** Secondaries of a medium-voltage meter's PT: 100 V line-to-line. */
export const PT_SECONDARY_V = 100;

const ratio = z.number().finite().min(1).max(100_000);
export const meterConnectionSchema = z.object({
  /** 100 V … 1,000 kV line-to-line. */
  nominalVoltageV: z.number().finite().min(100).max(1_000_000),
  ptRatio: ratio,
  ctRatio: ratio,
});

/** Which side's values are shown: what the network carries (primary) or the meter's inputs. */
export type MeterSide = 'primary' | 'secondary';

/** Factor turning a reported (secondary) phase voltage into the shown side's. */
export const voltageFactor = (c: MeterConnection, side: MeterSide): number => (side === 'primary' ? c.ptRatio : 1);

/** Factor turning a reported (secondary) phase current into the shown side's. */
export const currentFactor = (c: MeterConnection, side: MeterSide): number => (side === 'primary' ? c.ctRatio : 1);

/** Nominal phase (line-to-neutral) voltage on a side: 5773.5 V primary, 57.7 V secondary for 10 kV, 10000/100. */
export const nominalPhaseV = (c: MeterConnection, side: MeterSide): number =>
  c.nominalVoltageV / Math.sqrt(3) / (side === 'primary' ? 1 : c.ptRatio);

/** Whether the meter sits behind transformers, so its primary and secondary values differ. */
export const hasTransformers = (c: MeterConnection): boolean => c.ptRatio !== 1 || c.ctRatio !== 1;
