/**
 * A small writer of the CPLEX LP text format that HiGHS reads. Coefficients of a variable named
 * twice in one expression are merged first (toolchain.md: HiGHS silently mis-solves an LP-text
 * objective that names a variable twice), and numbers are written in plain decimals, never in
 * exponent notation.
 */
export type LinearTerms = Map<string, number>;

const MAX_ABS = 1e15;
const TERMS_PER_LINE = 8;

/** A finite number as plain decimal text ("0.000001", never "1e-6"); values below 1e-12 become 0. */
export function lpNumber(x: number): string {
  if (!Number.isFinite(x) || Math.abs(x) >= MAX_ABS) throw new Error(`LP model: number ${x} out of range`);
  if (Math.abs(x) < 1e-12) return '0';
  const text = x.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

/** Adds coef·name to a sum, merging repeats. */
export function addTerm(terms: LinearTerms, name: string, coef: number): void {
  terms.set(name, (terms.get(name) ?? 0) + coef);
}

function expression(terms: LinearTerms, zeroName?: string): string {
  const parts: string[] = [];
  for (const [name, coef] of terms) {
    const text = lpNumber(Math.abs(coef));
    if (text === '0') continue;
    parts.push(`${coef < 0 ? '-' : '+'} ${text} ${name}`);
  }
  if (parts.length === 0) {
    // An objective may be all zero (nothing to gain): HiGHS still needs one term.
    if (zeroName !== undefined) return `0 ${zeroName}`;
    throw new Error('LP model: empty expression');
  }
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i += TERMS_PER_LINE) lines.push(parts.slice(i, i + TERMS_PER_LINE).join(' '));
  return lines.join('\n   ');
}

type Row = { name: string; terms: LinearTerms; sense: '<=' | '>=' | '='; rhs: number };
type Bound = { name: string; lo: number; hi: number };

export class LpModel {
  private readonly objective: LinearTerms = new Map();
  private readonly rows: Row[] = [];
  private readonly bounds: Bound[] = [];
  private readonly binaries: string[] = [];

  /** Declares a variable with its bounds (every variable must be declared once). */
  variable(name: string, lo: number, hi: number): string {
    this.bounds.push({ name, lo, hi });
    return name;
  }

  /** Declares a 0/1 variable (the model becomes a MIP). */
  binary(name: string): string {
    this.bounds.push({ name, lo: 0, hi: 1 });
    this.binaries.push(name);
    return name;
  }

  get isMip(): boolean {
    return this.binaries.length > 0;
  }

  cost(name: string, coef: number): void {
    addTerm(this.objective, name, coef);
  }

  row(name: string, terms: LinearTerms, sense: Row['sense'], rhs: number): void {
    this.rows.push({ name, terms, sense, rhs });
  }

  /** The model as LP text, to be minimised. */
  text(): string {
    const out = ['Minimize', ` obj: ${expression(this.objective, this.bounds[0]?.name)}`, 'Subject To'];
    for (const r of this.rows) out.push(` ${r.name}: ${expression(r.terms)} ${r.sense} ${lpNumber(r.rhs)}`);
    out.push('Bounds');
    for (const b of this.bounds) {
      const lo = b.lo === Number.NEGATIVE_INFINITY ? '-inf' : lpNumber(b.lo);
      const hi = b.hi === Number.POSITIVE_INFINITY ? '+inf' : lpNumber(b.hi);
      out.push(` ${lo} <= ${b.name} <= ${hi}`);
    }
    if (this.binaries.length > 0) out.push('Binary', ` ${this.binaries.join(' ')}`);
    out.push('End');
    return out.join('\n');
  }
}
