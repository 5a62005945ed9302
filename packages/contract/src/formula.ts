/**
 * Formulas of virtual points (e.g. station storage power = Σ PCS power), parsed without eval.
 *
 *   expr     := term (('+' | '-') term)*
 *   term     := factor (('*' | '/') factor)*
 *   factor   := number | ref | call | '(' expr ')' | '-' factor
 *   ref      := '{' SN '.' pointCode '}'               a point of one device of the station
 *   call     := ('sum' | 'avg' | 'min' | 'max') '(' args ')'
 *   args     := selector | expr (',' expr)*
 *   selector := 'type:' deviceType '.' pointCode        that point of every device of a type
 *
 * `sum` of nothing is 0; `avg`, `min`, `max` of nothing have no value (the point is not
 * computed). Division by zero has no value either.
 */
import { DEVICE_TYPES, type DeviceType } from './device';

export type FormulaNode =
  | { kind: 'num'; value: number }
  | { kind: 'ref'; sn: string; code: string }
  | { kind: 'select'; type: DeviceType; code: string }
  | { kind: 'neg'; arg: FormulaNode }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; fn: 'sum' | 'avg' | 'min' | 'max'; args: FormulaNode[] };

export class FormulaError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = 'FormulaError';
  }
}

const FUNCS = ['sum', 'avg', 'min', 'max'] as const;
const MAX_LENGTH = 2000;

export function parseFormula(src: string): FormulaNode {
  if (src.length > MAX_LENGTH) throw new FormulaError('formula too long', MAX_LENGTH);
  let i = 0;
  const ws = () => {
    while (i < src.length && /\s/.test(src[i] ?? '')) i++;
  };
  const peek = () => {
    ws();
    return src[i] ?? '';
  };
  const expect = (ch: string) => {
    if (peek() !== ch) throw new FormulaError(`expected "${ch}"`, i);
    i++;
  };
  const ident = (re: RegExp): string => {
    ws();
    const m = re.exec(src.slice(i));
    if (!m) throw new FormulaError('expected a name', i);
    i += m[0].length;
    return m[0];
  };

  function expr(): FormulaNode {
    let left = term();
    for (let c = peek(); c === '+' || c === '-'; c = peek()) {
      i++;
      left = { kind: 'bin', op: c, left, right: term() };
    }
    return left;
  }
  function term(): FormulaNode {
    let left = factor();
    for (let c = peek(); c === '*' || c === '/'; c = peek()) {
      i++;
      left = { kind: 'bin', op: c, left, right: factor() };
    }
    return left;
  }
  function factor(): FormulaNode {
    const c = peek();
    if (c === '-') {
      i++;
      return { kind: 'neg', arg: factor() };
    }
    if (c === '(') {
      i++;
      const e = expr();
      expect(')');
      return e;
    }
    if (c === '{') {
      i++;
      const sn = ident(/^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*?(?=\.[A-Za-z][A-Za-z0-9_]*\s*\})/);
      expect('.');
      const code = ident(/^[A-Za-z][A-Za-z0-9_]*/);
      expect('}');
      return { kind: 'ref', sn, code };
    }
    if (/[0-9.]/.test(c)) {
      const n = ident(/^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/);
      return { kind: 'num', value: Number(n) };
    }
    const name = ident(/^[A-Za-z]+/);
    const fn = FUNCS.find((f) => f === name);
    if (!fn) throw new FormulaError(`unknown function "${name}"`, i);
    expect('(');
    let args: FormulaNode[];
    if (src.slice(i).trimStart().startsWith('type:')) {
      ws();
      i += 'type:'.length;
      const type = ident(/^[a-z]+/);
      if (!(DEVICE_TYPES as readonly string[]).includes(type) || type === 'virtual') {
        throw new FormulaError(`unknown device type "${type}"`, i);
      }
      expect('.');
      const code = ident(/^[A-Za-z][A-Za-z0-9_]*/);
      args = [{ kind: 'select', type: type as DeviceType, code }];
    } else {
      args = [expr()];
      while (peek() === ',') {
        i++;
        args.push(expr());
      }
    }
    expect(')');
    return { kind: 'call', fn, args };
  }

  const tree = expr();
  ws();
  if (i < src.length) throw new FormulaError(`unexpected "${src[i]}"`, i);
  return tree;
}

/** What a formula reads: device points by serial, and device types by point code. */
export function formulaInputs(node: FormulaNode): {
  refs: { sn: string; code: string }[];
  selects: { type: DeviceType; code: string }[];
} {
  const refs: { sn: string; code: string }[] = [];
  const selects: { type: DeviceType; code: string }[] = [];
  const walk = (n: FormulaNode): void => {
    if (n.kind === 'ref') refs.push({ sn: n.sn, code: n.code });
    else if (n.kind === 'select') selects.push({ type: n.type, code: n.code });
    else if (n.kind === 'neg') walk(n.arg);
    else if (n.kind === 'bin') {
      walk(n.left);
      walk(n.right);
    } else if (n.kind === 'call') n.args.forEach(walk);
  };
  walk(node);
  return { refs, selects };
}

/** Values the formula may read; undefined = no current value. */
export type FormulaScope = {
  ref: (sn: string, code: string) => number | undefined;
  select: (type: DeviceType, code: string) => number[];
};

/** The formula's value, or undefined when an input it needs has no value. */
export function evaluateFormula(node: FormulaNode, scope: FormulaScope): number | undefined {
  const ev = (n: FormulaNode): number | undefined => {
    switch (n.kind) {
      case 'num':
        return n.value;
      case 'ref':
        return scope.ref(n.sn, n.code);
      case 'select':
        return undefined; // only meaningful as a function argument
      case 'neg': {
        const v = ev(n.arg);
        return v === undefined ? undefined : -v;
      }
      case 'bin': {
        const a = ev(n.left);
        const b = ev(n.right);
        if (a === undefined || b === undefined) return undefined;
        if (n.op === '+') return a + b;
        if (n.op === '-') return a - b;
        if (n.op === '*') return a * b;
        return b === 0 ? undefined : a / b;
      }
      case 'call': {
        const first = n.args[0];
        const values =
          n.args.length === 1 && first?.kind === 'select'
            ? scope.select(first.type, first.code)
            : n.args.map(ev).filter((v): v is number => v !== undefined);
        if (n.fn === 'sum') return values.reduce((s, v) => s + v, 0);
        if (values.length === 0) return undefined;
        if (n.fn === 'avg') return values.reduce((s, v) => s + v, 0) / values.length;
        return n.fn === 'min' ? Math.min(...values) : Math.max(...values);
      }
    }
  };
  const v = ev(node);
  return v !== undefined && Number.isFinite(v) ? v : undefined;
}
