import { type DeviceType, FormulaError, formulaInputs, parseFormula, ResultCode } from '@ess/contract';
import { AppError } from '../../../lib/app-error';

/** What a virtual point's formula may read in one station. */
export type FormulaContext = {
  /** Point codes of the station's real devices, by serial number. */
  pointsBySn: Map<string, Set<string>>;
  /** Serial numbers of the station's virtual devices (formulas read real points only). */
  virtualSns: Set<string>;
  /** Point codes of the models of each device type. */
  codesByType: Map<DeviceType, Set<string>>;
};

type FormulaProblem =
  | 'formulaSyntax'
  | 'formulaNoInput'
  | 'formulaUnknownDevice'
  | 'formulaVirtualRef'
  | 'formulaUnknownPoint'
  | 'formulaUnknownTypePoint';

const invalid = (key: FormulaProblem, params: Record<string, string | number>): AppError =>
  new AppError(400, ResultCode.BAD_REQUEST, key, params);

/**
 * Checks a virtual point's formula with the contract's parser: it must parse, read at least one
 * point, and every `{SN.code}` must be a point of a real device of the same station and every
 * `type:x.code` a point code of that type's models. Returns the first problem as a 400 naming
 * the point and what is wrong, or null.
 */
export function checkFormula(point: string, formula: string, ctx: FormulaContext): AppError | null {
  let inputs: ReturnType<typeof formulaInputs>;
  try {
    inputs = formulaInputs(parseFormula(formula));
  } catch (e) {
    if (e instanceof FormulaError) return invalid('formulaSyntax', { point, detail: e.message, at: e.at + 1 });
    throw e;
  }
  if (inputs.refs.length === 0 && inputs.selects.length === 0) return invalid('formulaNoInput', { point });
  for (const { sn, code } of inputs.refs) {
    if (ctx.virtualSns.has(sn)) return invalid('formulaVirtualRef', { point, sn });
    const codes = ctx.pointsBySn.get(sn);
    if (!codes) return invalid('formulaUnknownDevice', { point, sn });
    if (!codes.has(code)) return invalid('formulaUnknownPoint', { point, sn, code });
  }
  for (const { type, code } of inputs.selects) {
    if (!ctx.codesByType.get(type)?.has(code)) return invalid('formulaUnknownTypePoint', { point, type, code });
  }
  return null;
}
