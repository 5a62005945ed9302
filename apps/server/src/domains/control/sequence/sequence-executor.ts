import { checkPasses, type Lang, type SequenceStep } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import { type CommandService, deviceLane, platformMessage, valueRefusalMessage } from '../command';
import {
  beat,
  commandOutcome,
  devicesOfType,
  failAbandoned,
  findRun,
  findRunPlan,
  finishRun,
  latestValue,
  type RunPlan,
  type StepDevice,
  updateStep,
} from './sequence.repository';
import { storedMessage } from './sequence-render';
import { stepTargets, stepValuesProblem } from './sequence-values';

type Log = { warn: (obj: object, msg: string) => void };

export type ExecutorTimings = {
  /** How often a waiting step looks at its commands and check point again. */
  pollMs: number;
  /** How often a running run's executor shows it is alive. */
  beatMs: number;
  /** A running run without a beat for this long was left by a stopped server: it fails as interrupted. */
  staleMs: number;
};

export const DEFAULT_TIMINGS: ExecutorTimings = { pollMs: 300, beatMs: 2_000, staleMs: 15_000 };

/** Command messages are read in the run's language only when shown; this one is for the command list. */
const COMMAND_LANG: Lang = 'en_US';

type StepResult = { ok: true } | { ok: false; message: string };

const which = (s: SequenceStep): string => (s.sn ? s.sn : s.index === null ? '*' : `#${s.index}`);

class Stopped extends Error {}

/**
 * Runs sequential control on the server, step by step, whatever happens to the HTTP call that
 * started it: each step issues its command to every device it names (one command service for
 * the app), waits for their answers, then for its check on a point, within the step's timeout;
 * the first step that fails ends the run as failed, naming it; a cancel takes effect before the
 * next step. Runs this instance left when it stopped, and those of a server that died (no beat),
 * fail as interrupted, each once across instances (conditional updates).
 */
export class SequenceExecutor {
  private readonly active = new Map<number, AbortController>();
  private readonly sleepers = new Set<() => void>();
  private offSettled: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly o: {
      db: Db;
      commands: CommandService;
      bus: TelemetryBus;
      log: Log;
      timings?: Partial<ExecutorTimings>;
    },
  ) {}

  private get t(): ExecutorTimings {
    return { ...DEFAULT_TIMINGS, ...this.o.timings };
  }

  start(): void {
    // A settled command wakes the waiting steps at once instead of at their next poll.
    this.offSettled = this.o.commands.onSettled(() => this.wakeAll());
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.t.beatMs);
    this.timer.unref();
  }

  /** Stops this instance's runs where they are: they fail as interrupted (a restart does not resume plant steps). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.offSettled?.();
    if (this.timer) clearInterval(this.timer);
    const ids = [...this.active.keys()];
    for (const c of this.active.values()) c.abort();
    this.wakeAll();
    try {
      const ended = await failAbandoned(this.o.db, { ids }, storedMessage('sequenceInterrupted'));
      for (const r of ended) await this.publish(r.id);
    } catch (err) {
      this.o.log.warn({ err }, 'sequence runs not marked interrupted');
    }
  }

  /** Starts executing a stored run in the background. */
  launch(runId: number): void {
    if (this.stopped) return;
    const abort = new AbortController();
    this.active.set(runId, abort);
    this.execute(runId, abort.signal)
      .catch((err: unknown) => {
        if (err instanceof Stopped) return;
        this.o.log.warn({ err, runId }, 'sequence run failed unexpectedly');
        return finishRun(this.o.db, runId, {
          state: 'failed',
          message: storedMessage('badRequest', { detail: err instanceof Error ? err.message : String(err) }),
        }).then(() => this.publish(runId));
      })
      .catch((err: unknown) => this.o.log.warn({ err, runId }, 'sequence run not ended'))
      .finally(() => this.active.delete(runId));
  }

  /** Fails runs whose executor stopped beating (their server was killed). */
  async sweep(): Promise<void> {
    try {
      const cutoff = new Date(Date.now() - this.t.staleMs);
      const ended = await failAbandoned(this.o.db, { cutoff }, storedMessage('sequenceInterrupted'));
      for (const r of ended) await this.publish(r.id);
    } catch (err) {
      this.o.log.warn({ err }, 'abandoned sequence runs not checked');
    }
  }

  /** Tells live clients (bus → live hub) about the run as it is now. */
  async publish(runId: number): Promise<void> {
    const run = await findRun(this.o.db, runId);
    if (run) this.o.bus.emit('sequence', { stationId: run.stationId, run });
  }

  private wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  /** Waits `ms`, less when woken (a command settled) or stopped. */
  private pause(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new Stopped());
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        if (signal.aborted) reject(new Stopped());
        else resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async execute(runId: number, signal: AbortSignal): Promise<void> {
    const { db } = this.o;
    const plan = await findRunPlan(db, runId);
    if (plan?.state !== 'running') return;
    await this.publish(runId);
    for (const [i, step] of plan.steps.entries()) {
      const idx = i + 1;
      const alive = await beat(db, runId);
      if (!alive.running) return;
      if (alive.cancel !== null) {
        await finishRun(db, runId, { state: 'cancelled', message: alive.cancel || null });
        await this.publish(runId);
        return;
      }
      const started = new Date();
      await updateStep(db, runId, idx, { state: 'running', startTime: started });
      await this.publish(runId);
      const result = await this.runStep(plan, idx, step, started, signal);
      if (signal.aborted) throw new Stopped();
      await updateStep(db, runId, idx, {
        state: result.ok ? 'success' : 'failed',
        endTime: new Date(),
        message: result.ok ? null : result.message,
      });
      if (!result.ok) {
        await finishRun(db, runId, {
          state: 'failed',
          failedStep: idx,
          message: storedMessage('sequenceStepFailed', { step: idx, name: step.name, reason: result.message }),
        });
        await this.publish(runId);
        return;
      }
      await this.publish(runId);
    }
    await finishRun(db, runId, { state: 'success' });
    await this.publish(runId);
  }

  private async targets(plan: RunPlan, step: SequenceStep): Promise<StepDevice[]> {
    return stepTargets(await devicesOfType(this.o.db, plan.stationId, step.deviceType), step);
  }

  private async runStep(
    plan: RunPlan,
    idx: number,
    step: SequenceStep,
    started: Date,
    signal: AbortSignal,
  ): Promise<StepResult> {
    const { db, commands } = this.o;
    const deadline = started.getTime() + step.timeoutS * 1000;
    let lastBeat = Date.now();
    /** Polls until `done` answers or the step's time is up; keeps the run's beat going. */
    const until = async <T>(done: () => Promise<T | null>): Promise<T | null> => {
      for (;;) {
        const r = await done();
        if (r !== null) return r;
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await this.pause(Math.min(this.t.pollMs, left), signal);
        if (Date.now() - lastBeat >= this.t.beatMs) {
          lastBeat = Date.now();
          await beat(db, plan.id);
        }
      }
    };

    const devices = await this.targets(plan, step);
    if (devices.length === 0) {
      return { ok: false, message: storedMessage('sequenceNoDevice', { type: step.deviceType, which: which(step) }) };
    }
    // Checked again right before sending (a point's range or the station's rating may have
    // changed since the run started): a refused value fails the step, and nothing is sent.
    const refused = await stepValuesProblem(db, plan.stationId, [step], async () => devices);
    if (refused) {
      await updateStep(db, plan.id, idx, { deviceSns: devices.map((d) => d.sn), commandIds: [] });
      const label = { code: refused.point.code, names: null };
      const { key, params } = valueRefusalMessage(refused.problem, label, refused.device.sn, COMMAND_LANG);
      return { ok: false, message: storedMessage(key, params) };
    }
    const issued: { device: StepDevice; id: number }[] = [];
    for (const device of devices) {
      try {
        const row = await commands.issue(
          {
            target: { stationId: plan.stationId, stationCode: plan.stationCode, deviceId: device.id, sn: device.sn },
            origin: 'sequenceStep',
            lane: deviceLane(device.id),
            points: { [step.pointCode]: step.value },
            issuedBy: plan.issuedBy ?? 0,
          },
          COMMAND_LANG,
        );
        issued.push({ device, id: row.id });
      } catch (err) {
        await updateStep(db, plan.id, idx, {
          deviceSns: devices.map((d) => d.sn),
          commandIds: issued.map((c) => c.id),
        });
        if (!(err instanceof AppError)) throw err;
        return {
          ok: false,
          message: storedMessage('sequenceCommandFailed', {
            sn: device.sn,
            detail: platformMessage(err.key, err.params),
          }),
        };
      }
    }
    await updateStep(db, plan.id, idx, { deviceSns: devices.map((d) => d.sn), commandIds: issued.map((c) => c.id) });
    await this.publish(plan.id);

    // Every device answers, or the step fails on the first that did not succeed.
    for (const c of issued) {
      const outcome = await until(async () => {
        const o = await commandOutcome(db, c.id);
        return o && o.state !== 'pending' && o.state !== 'sent' ? o : null;
      });
      if (!outcome) {
        return {
          ok: false,
          message: storedMessage('sequenceCommandNotSettled', { sn: c.device.sn, seconds: step.timeoutS }),
        };
      }
      if (outcome.state !== 'success') {
        return {
          ok: false,
          message: storedMessage('sequenceCommandFailed', {
            sn: c.device.sn,
            detail: outcome.message ?? outcome.state,
          }),
        };
      }
    }

    const check = step.check;
    if (!check) return { ok: true };
    // Only samples taken after the step began count: a value from before the command proves nothing.
    for (const c of issued) {
      const seen: { last: number | null } = { last: null };
      const met = await until(async () => {
        const v = await latestValue(db, c.device.id, check.pointCode);
        if (v && v.ts >= started.getTime()) {
          seen.last = v.value;
          return checkPasses(check.op, v.value, check.value) ? true : null;
        }
        return null;
      });
      if (!met) {
        return {
          ok: false,
          message: storedMessage('sequenceCheckNotMet', {
            sn: c.device.sn,
            seconds: step.timeoutS,
            point: check.pointCode,
            op: OP_SIGNS[check.op],
            value: check.value,
            actual: seen.last ?? '—',
          }),
        };
      }
    }
    return { ok: true };
  }
}

const OP_SIGNS = { eq: '=', ne: '≠', ge: '≥', le: '≤' } as const;
