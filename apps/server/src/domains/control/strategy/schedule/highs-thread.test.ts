import { afterEach, describe, expect, it } from 'vitest';
import { HighsThread, SolverBusyError, SolverTimeoutError } from './highs-thread';
import { LpModel } from './lp-text';

/** max x + y with x + 2y ≤ 4, 3x + y ≤ 6, x, y ∈ [0, 10]: optimum x = 1.6, y = 1.2. */
function smallLp(): string {
  const lp = new LpModel();
  const x = lp.variable('x', 0, 10);
  const y = lp.variable('y', 0, 10);
  lp.cost(x, -1);
  lp.cost(y, -1);
  lp.row(
    'a',
    new Map([
      [x, 1],
      [y, 2],
    ]),
    '<=',
    4,
  );
  lp.row(
    'b',
    new Map([
      [x, 3],
      [y, 1],
    ]),
    '<=',
    6,
  );
  return lp.text();
}

const options = { output_flag: false };
let thread: HighsThread;
afterEach(async () => thread.close());

describe('HighsThread', () => {
  it('solves off the event loop: a callback queued first runs before the answer', async () => {
    thread = new HighsThread(4);
    const order: string[] = [];
    // The next turn of the event loop: a solve on this thread would come first.
    setImmediate(() => order.push('timer'));
    const solution = await thread.solve(smallLp(), options, 30_000);
    order.push('solved');
    expect(order).toEqual(['timer', 'solved']);
    expect(solution.status).toBe('Optimal');
    expect(solution.primal.x).toBeCloseTo(1.6, 9);
    expect(solution.primal.y).toBeCloseTo(1.2, 9);
  });

  it('stops a solve past its wall-clock deadline, and the next solve gets a fresh thread', async () => {
    thread = new HighsThread(4);
    // One millisecond is less than the thread takes to start and load HiGHS.
    await expect(thread.solve(smallLp(), options, 1)).rejects.toBeInstanceOf(SolverTimeoutError);
    const again = await thread.solve(smallLp(), options, 30_000);
    expect(again.status).toBe('Optimal');
  });

  it('refuses a solve when its queue is full, and says when to try again', async () => {
    thread = new HighsThread(1);
    const first = thread.solve(smallLp(), options, 30_000);
    const queued = thread.solve(smallLp(), options, 30_000);
    const refused = thread.solve(smallLp(), options, 30_000);
    await expect(refused).rejects.toBeInstanceOf(SolverBusyError);
    await expect(refused).rejects.toMatchObject({ seconds: 2 });
    expect((await first).status).toBe('Optimal');
    expect((await queued).status).toBe('Optimal');
  });

  it('answers an unreadable model with an error and keeps solving', async () => {
    thread = new HighsThread(4);
    await expect(thread.solve(smallLp(), { no_such_option: 1 }, 30_000)).rejects.toThrow();
    expect((await thread.solve(smallLp(), options, 30_000)).status).toBe('Optimal');
  });

  it('refuses the solves under way and waiting when closed', async () => {
    thread = new HighsThread(4);
    const running = expect(thread.solve(smallLp(), options, 30_000)).rejects.toThrow(/closed/);
    const waiting = expect(thread.solve(smallLp(), options, 30_000)).rejects.toThrow(/closed/);
    await thread.close();
    await Promise.all([running, waiting]);
  });
});
