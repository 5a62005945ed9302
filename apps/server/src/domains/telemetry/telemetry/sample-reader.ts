/**
 * A structure sent as a point's value (an array or object: never a number), kept as its text
 * cut short, for the quarantine row. Reading it into objects is what must not happen.
 */
export class NestedJson {
  constructor(readonly text: string) {}
}

/**
 * A sample as read: its codes and their values side by side, in the order sent (a code may come
 * twice; the last one counts, as with JSON.parse).
 */
export type PairSample = { ts: number; codes: string[]; values: unknown[] };

export type ReadSample =
  | { ok: true; sample: PairSample }
  | { ok: false; reason: 'malformedJson' | 'badShape'; detail: string };

const MAX_CODE = 64;
const NESTED_TEXT = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const DOT = 0x2e;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isHex = (b: number) => isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
/** The escapes JSON allows after a backslash: " \ / b f n r t u. */
const ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74, 0x75]);

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

class Malformed extends Error {}

/**
 * Reads one sample object from the bytes [start, end) of a payload (the scanner found its
 * bounds), as strictly as JSON.parse and with the contract's shape, but without building an
 * object keyed by the codes a device chose: V8 builds a hidden class per new key sequence (and
 * a dictionary interns every key), so JSON.parse of samples whose codes are all new costs
 * about a millisecond each — 2,500 such samples held the event loop 2.8 s. Codes and values
 * are read into two arrays instead.
 */
export function readSample(bytes: Buffer, start: number, end: number): ReadSample {
  const r = new SampleReader(bytes, start, end);
  try {
    return r.sample();
  } catch (err) {
    if (err instanceof Malformed) return { ok: false, reason: 'malformedJson', detail: err.message };
    throw err;
  }
}

class SampleReader {
  private i: number;

  constructor(
    private readonly bytes: Buffer,
    private readonly start: number,
    private readonly end: number,
  ) {
    this.i = start;
  }

  sample(): ReadSample {
    let ts: unknown;
    let values: { codes: string[]; values: unknown[] } | null = null;
    let valuesKind = 'undefined';
    this.expect(OPEN_OBJECT);
    this.space();
    if (this.peek() === CLOSE_OBJECT) this.i++;
    else {
      for (;;) {
        const key = this.key();
        this.space();
        if (key === 'ts') ts = this.scalar();
        else if (key === 'values') {
          if (this.peek() === OPEN_OBJECT) {
            values = this.values();
            valuesKind = 'object';
          } else {
            values = null;
            valuesKind = this.kindAt();
            this.skip();
          }
        } else this.skip();
        this.space();
        const b = this.next();
        if (b === CLOSE_OBJECT) break;
        if (b !== COMMA) this.unexpected(b);
        this.space();
      }
    }
    this.space();
    if (this.i < this.end) this.unexpected(this.bytes[this.i] ?? 0);

    if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0)
      return { ok: false, reason: 'badShape', detail: `ts: expected a positive integer, got ${describe(ts)}` };
    if (!values) return { ok: false, reason: 'badShape', detail: `values: expected an object, got ${valuesKind}` };
    for (const code of values.codes) {
      if (code.length === 0 || code.length > MAX_CODE)
        return {
          ok: false,
          reason: 'badShape',
          detail: `values: a code of ${code.length} characters (1 to ${MAX_CODE})`,
        };
    }
    return { ok: true, sample: { ts, codes: values.codes, values: values.values } };
  }

  /** `{ "code": value, … }` as codes and values. */
  private values(): { codes: string[]; values: unknown[] } {
    const out = { codes: [] as string[], values: [] as unknown[] };
    this.i++;
    this.space();
    if (this.peek() === CLOSE_OBJECT) {
      this.i++;
      return out;
    }
    for (;;) {
      out.codes.push(this.key());
      this.space();
      out.values.push(this.scalar());
      this.space();
      const b = this.next();
      if (b === CLOSE_OBJECT) return out;
      if (b !== COMMA) this.unexpected(b);
      this.space();
    }
  }

  /** A member name and its colon. */
  private key(): string {
    if (this.peek() !== QUOTE) this.unexpected(this.peek());
    const key = this.string();
    this.space();
    const b = this.next();
    if (b !== COLON) this.unexpected(b);
    return key;
  }

  /** A value as the check needs it: numbers, text and literals as JSON.parse gives them, structures as their text. */
  private scalar(): unknown {
    const b = this.peek();
    if (b === QUOTE) return this.string();
    if (b === MINUS || isDigit(b)) return this.number();
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      const from = this.i;
      this.skip();
      return new NestedJson(
        this.bytes.toString('utf8', from, Math.min(this.i, from + NESTED_TEXT * 4)).slice(0, NESTED_TEXT),
      );
    }
    return this.literal();
  }

  /** Any JSON value, checked and passed over (nesting followed on a stack, not by recursion). */
  private skip(): void {
    const open: number[] = [];
    for (;;) {
      this.space();
      const b = this.peek();
      if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        this.i++;
        this.space();
        const close = b === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
        if (this.peek() === close) this.i++;
        else {
          open.push(b);
          if (b === OPEN_OBJECT) this.key();
          continue;
        }
      } else if (b === QUOTE) this.string();
      else if (b === MINUS || isDigit(b)) this.number();
      else this.literal();
      // After a value: a comma (the next member or element) or the closing of its container.
      for (;;) {
        const container = open[open.length - 1];
        if (container === undefined) return;
        this.space();
        const c = this.next();
        if (c === COMMA) {
          this.space();
          if (container === OPEN_OBJECT) this.key();
          break;
        }
        if (c !== (container === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) this.unexpected(c);
        open.pop();
      }
    }
  }

  private string(): string {
    const bytes = this.bytes;
    const end = this.end;
    const from = this.i + 1;
    let i = from;
    let escaped = false;
    let ascii = true;
    for (;;) {
      if (i >= end) this.fail('Unterminated string in JSON');
      const b = bytes[i] as number;
      if (b === QUOTE) break;
      if (b < 0x20) this.fail(`Bad control character in string literal in JSON at position ${i - this.start}`);
      if (b === BACKSLASH) {
        escaped = true;
        const e = bytes[i + 1] ?? 0;
        if (!ESCAPES.has(e)) this.fail(`Bad escaped character in JSON at position ${i + 1 - this.start}`);
        if (e === 0x75) {
          for (let k = 2; k < 6; k++)
            if (!isHex(bytes[i + k] ?? 0)) this.fail(`Bad Unicode escape in JSON at position ${i - this.start}`);
          i += 6;
        } else i += 2;
        continue;
      }
      if (b >= 0x80) ascii = false;
      i++;
    }
    this.i = i + 1;
    // Escapes are decoded by JSON.parse of just this string (checked above); others are plain text.
    if (escaped) return JSON.parse(bytes.toString('utf8', from - 1, i + 1)) as string;
    return bytes.toString(ascii ? 'latin1' : 'utf8', from, i);
  }

  private number(): number {
    const bytes = this.bytes;
    const from = this.i;
    let i = from;
    const negative = bytes[i] === MINUS;
    if (negative) i++;
    const first = bytes[i] ?? 0;
    if (!isDigit(first)) this.fail(`No number after minus sign in JSON at position ${i - this.start}`);
    // Digits as an integer while exact (15 digits); the point's place divides at the end.
    let mantissa = first - 0x30;
    let digits = 1;
    let scale = 0;
    i++;
    if (first !== 0x30) {
      while (isDigit(bytes[i] ?? 0)) {
        mantissa = mantissa * 10 + ((bytes[i] as number) - 0x30);
        digits++;
        i++;
      }
    }
    if (bytes[i] === DOT) {
      i++;
      if (!isDigit(bytes[i] ?? 0)) this.fail(`Unterminated fractional number in JSON at position ${i - this.start}`);
      while (isDigit(bytes[i] ?? 0)) {
        mantissa = mantissa * 10 + ((bytes[i] as number) - 0x30);
        digits++;
        scale++;
        i++;
      }
    }
    let exponent = false;
    const e = bytes[i];
    if (e === 0x65 || e === 0x45) {
      exponent = true;
      i++;
      const sign = bytes[i];
      if (sign === 0x2b || sign === MINUS) i++;
      if (!isDigit(bytes[i] ?? 0)) this.fail(`Exponent part is missing a number in JSON at position ${i - this.start}`);
      while (isDigit(bytes[i] ?? 0)) i++;
    }
    if (i > this.end) this.fail('Unexpected end of JSON input');
    this.i = i;
    // Up to 15 digits and no exponent: one division by an exact power of ten rounds as JSON.parse
    // does; anything else is left to Number(), which reads a JSON number the same way.
    if (!exponent && digits <= 15) {
      const value = scale === 0 ? mantissa : mantissa / (POWERS_OF_TEN[scale] ?? 1);
      return negative ? -value : value;
    }
    return Number(bytes.toString('latin1', from, i));
  }

  private literal(): boolean | null {
    for (const [text, value] of LITERALS) {
      if (this.i + text.length <= this.end && this.bytes.toString('latin1', this.i, this.i + text.length) === text) {
        this.i += text.length;
        return value;
      }
    }
    return this.unexpected(this.peek());
  }

  /** What the value ahead is, as the shape's detail names it. */
  private kindAt(): string {
    const b = this.peek();
    if (b === OPEN_ARRAY) return 'array';
    if (b === QUOTE) return 'string';
    if (b === MINUS || isDigit(b)) return 'number';
    if (b === 0x6e) return 'null';
    return 'boolean';
  }

  private space(): void {
    const bytes = this.bytes;
    for (;;) {
      const b = bytes[this.i];
      if (this.i >= this.end || (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09)) return;
      this.i++;
    }
  }

  private peek(): number {
    return this.i < this.end ? (this.bytes[this.i] ?? -1) : -1;
  }

  private next(): number {
    const b = this.peek();
    this.i++;
    return b;
  }

  private expect(b: number): void {
    const got = this.next();
    if (got !== b) this.unexpected(got);
  }

  private unexpected(b: number): never {
    if (b < 0 || this.i > this.end) this.fail('Unexpected end of JSON input');
    this.fail(`Unexpected token '${String.fromCharCode(b)}' in JSON at position ${this.i - this.start}`);
  }

  private fail(message: string): never {
    throw new Malformed(message);
  }
}

const LITERALS: [string, boolean | null][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (value instanceof NestedJson) return 'a structure';
  return typeof value === 'number' ? String(value) : typeof value;
}
