import type { CommandAck } from '@ess/contract';

/**
 * How a simulated device answers commands (issue 14 part 8): `normal` executes and acknowledges,
 * `fail` acknowledges with failure without executing ("simulated failure"), `silent` never
 * answers, so the platform sees its command time out.
 */
export const COMMAND_BEHAVIOURS = ['normal', 'fail', 'silent'] as const;
export type CommandBehaviour = (typeof COMMAND_BEHAVIOURS)[number];

export const SIMULATED_FAILURE = 'simulated failure';

/** Behaviour per device serial, with one for every other device (`*`). */
export class CommandBehaviours {
  private fallback: CommandBehaviour = 'normal';
  private readonly bySn = new Map<string, CommandBehaviour>();

  /** `*` sets every device (and forgets per-device settings); a serial sets that device. */
  set(target: string, behaviour: CommandBehaviour): void {
    if (target === '*') {
      this.fallback = behaviour;
      this.bySn.clear();
    } else this.bySn.set(target, behaviour);
  }

  of(sn: string): CommandBehaviour {
    return this.bySn.get(sn) ?? this.fallback;
  }

  /** The answer to a command under the device's behaviour; `execute` runs only when it is normal. */
  answer(sn: string, id: string, execute: () => Omit<CommandAck, 'id'>): CommandAck | null {
    const b = this.of(sn);
    if (b === 'silent') return null;
    if (b === 'fail') return { id, status: 'failure', message: SIMULATED_FAILURE };
    return { id, ...execute() };
  }
}

/** Parses `normal`, `fail` or `silent`, optionally `sn=behaviour` (CLI); throws with the accepted forms. */
export function parseCommandBehaviour(text: string): { target: string; behaviour: CommandBehaviour } {
  const eq = text.indexOf('=');
  const target = eq < 0 ? '*' : text.slice(0, eq).trim();
  const value = (eq < 0 ? text : text.slice(eq + 1)).trim();
  const behaviour = COMMAND_BEHAVIOURS.find((b) => b === value);
  if (!behaviour || target.length === 0) {
    throw new Error(
      `command behaviour "${text}": use ${COMMAND_BEHAVIOURS.join('|')} or <sn>=${COMMAND_BEHAVIOURS.join('|')}`,
    );
  }
  return { target, behaviour };
}
