import { MAX_SAMPLES_PER_MESSAGE } from '@ess/contract';

/**
 * A telemetry payload read as bytes, without parsing it: where its samples are and how many
 * point codes each holds. Large messages are measured this way before anything is built from
 * them (JSON.parse of one sample with 650,000 codes holds the event loop for about a second),
 * a slice at a time so the loop turns in between. Only the top level is checked here (root,
 * array, commas, what follows); each sample's own text is parsed later, which finds any error
 * inside it, so a payload this scan passes parses exactly as a whole would.
 */

/** How many codes and where: what the caps are checked against. */
export type ScannedSamples = {
  ok: true;
  /** An array of samples (else one sample). */
  array: boolean;
  /** Byte ranges [start, end) of the samples, in order. */
  starts: number[];
  ends: number[];
  /** Point codes (members of a sample's `values`) per sample. */
  codes: number[];
  total: number;
  /** The first sample holding more than the per-sample cap, and a few of its codes. */
  over: { index: number; sample: string[] } | null;
  /** A few codes of the message's first sample. */
  sample: string[];
};

export type ScanOutcome = ScannedSamples | { ok: false; reason: 'malformedJson' | 'badShape'; detail: string };

const SAMPLE_CODES = 5;
const MAX_CODE_CHARS = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
/** First bytes of a JSON string, number or literal. */
const startsScalar = (b: number) =>
  b === QUOTE || b === 0x2d || (b >= 0x30 && b <= 0x39) || b === 0x74 || b === 0x66 || b === 0x6e;

enum Root {
  None,
  Object,
  Array,
  Closed,
}

/**
 * Scans a payload in slices (`step`). Codes are the members one level inside a sample
 * object, i.e. of `values` in a well-formed sample; a member of any other object there counts
 * too, which only makes a malformed sample look bigger.
 */
export class PayloadScanner {
  private pos = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringStart = 0;
  private stringEnd = 0;
  private root = Root.None;
  /** Inside an array root: a sample is expected next (else a comma or the end). */
  private expectSample = true;
  private sampleStart = 0;
  private sampleCodes = 0;
  private current: string[] = [];
  private readonly result: ScannedSamples = {
    ok: true,
    array: false,
    starts: [],
    ends: [],
    codes: [],
    total: 0,
    over: null,
    sample: [],
  };

  constructor(
    private readonly bytes: Buffer,
    private readonly perSample: number,
  ) {}

  /** Bytes read so far. */
  get read(): number {
    return this.pos;
  }

  /** Reads up to `budget` more bytes; the outcome once the payload is read or found wrong, else null. */
  step(budget: number): ScanOutcome | null {
    const bytes = this.bytes;
    const end = Math.min(bytes.length, this.pos + budget);
    // The hot loop keeps its state in locals; only a sample's start and end leave it.
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let inner = this.root === Root.Object ? 1 : 2;
    let codeDepth = inner + 1;
    for (let i = this.pos; i < end; i++) {
      const b = bytes[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          this.stringEnd = i;
        }
        continue;
      }
      if (depth >= inner) {
        // Inside a sample: strings, colons at the codes' level, nesting.
        if (b === QUOTE) {
          inString = true;
          this.stringStart = i + 1;
        } else if (b === COLON) {
          if (depth === codeDepth) this.code();
        } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) depth++;
        else if ((b === CLOSE_OBJECT || b === CLOSE_ARRAY) && --depth < inner) {
          this.depth = depth;
          const outcome = this.closeSample(b, i);
          if (outcome) return outcome;
        }
        continue;
      }
      if (isSpace(b)) continue;
      this.depth = depth;
      const outcome = this.structure(b, i);
      if (outcome) return outcome;
      depth = this.depth;
      inner = this.root === Root.Object ? 1 : 2;
      codeDepth = inner + 1;
    }
    this.pos = end;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    if (end < bytes.length) return null;
    if (this.root !== Root.Closed)
      return { ok: false, reason: 'malformedJson', detail: 'Unexpected end of JSON input' };
    return this.result;
  }

  /** A sample's closing bracket. */
  private closeSample(b: number, i: number): ScanOutcome | null {
    if (b !== CLOSE_OBJECT) return malformed(b, i);
    this.endSample(i + 1);
    if (this.root === Root.Object) this.root = Root.Closed;
    else this.expectSample = false;
    return null;
  }

  /** A byte outside any sample: the root, or between the samples of an array, or after the end. */
  private structure(b: number, i: number): ScanOutcome | null {
    if (this.root === Root.Closed)
      return { ok: false, reason: 'malformedJson', detail: `Unexpected non-whitespace character after JSON at ${i}` };
    if (this.root === Root.None) return this.open(b, i);
    return this.between(b, i);
  }

  /** The first byte that is not white space: an object (one sample) or an array of them. */
  private open(b: number, i: number): ScanOutcome | null {
    if (b === OPEN_OBJECT) {
      this.root = Root.Object;
      this.depth = 1;
      this.startSample(i);
      return null;
    }
    if (b === OPEN_ARRAY) {
      this.root = Root.Array;
      this.result.array = true;
      this.depth = 1;
      return null;
    }
    return startsScalar(b) ? notSamples('(root)') : malformed(b, i);
  }

  /** Between the samples of an array. */
  private between(b: number, i: number): ScanOutcome | null {
    const index = this.result.starts.length;
    if (this.expectSample) {
      if (index === MAX_SAMPLES_PER_MESSAGE)
        return { ok: false, reason: 'badShape', detail: `(root): more than ${MAX_SAMPLES_PER_MESSAGE} samples` };
      if (b === OPEN_OBJECT) {
        this.depth = 2;
        this.startSample(i);
        this.expectSample = false;
        return null;
      }
      if (b === CLOSE_ARRAY && index === 0) return { ok: false, reason: 'badShape', detail: '(root): no samples' };
      return b === OPEN_ARRAY || startsScalar(b) ? notSamples(String(index)) : malformed(b, i);
    }
    if (b === COMMA) {
      this.expectSample = true;
      return null;
    }
    if (b === CLOSE_ARRAY) {
      this.depth = 0;
      this.root = Root.Closed;
      return null;
    }
    return malformed(b, i);
  }

  private startSample(i: number): void {
    this.sampleStart = i;
    this.sampleCodes = 0;
    this.current = [];
  }

  private code(): void {
    this.sampleCodes++;
    this.result.total++;
    if (this.current.length < SAMPLE_CODES) {
      // The member name is the string just closed; shown as sent (escapes not decoded), cut short.
      const to = Math.min(this.stringEnd, this.stringStart + MAX_CODE_CHARS * 4);
      this.current.push(this.bytes.toString('utf8', this.stringStart, Math.max(this.stringStart, to)).slice(0, 64));
    }
  }

  private endSample(end: number): void {
    const r = this.result;
    if (r.starts.length === 0) r.sample = this.current;
    if (r.over === null && this.sampleCodes > this.perSample) r.over = { index: r.starts.length, sample: this.current };
    r.starts.push(this.sampleStart);
    r.ends.push(end);
    r.codes.push(this.sampleCodes);
  }
}

const malformed = (b: number, i: number): ScanOutcome => ({
  ok: false,
  reason: 'malformedJson',
  detail: `Unexpected token '${String.fromCharCode(b)}' at ${i}`,
});

const notSamples = (path: string): ScanOutcome => ({
  ok: false,
  reason: 'badShape',
  detail: `${path}: not a sample object`,
});
