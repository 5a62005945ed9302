import { type CommandAck, type CommandPayload, siteConfig, virtualConfig } from '@ess/contract';

/**
 * A configuration push (`configSync`, `virtualSync`) as a station's EMS answers it: the
 * configuration is checked against the protocol's schema and "applied" (the simulator keeps
 * nothing of it); an invalid one is refused with the first problem as the message.
 */
export function answerConfig(cmd: CommandPayload): CommandAck {
  const schema = cmd.kind === 'virtualSync' ? virtualConfig : siteConfig;
  if (!cmd.config) return { id: cmd.id, status: 'failure', message: 'no config in the command' };
  const r = schema.safeParse(cmd.config);
  if (r.success) return { id: cmd.id, status: 'success' };
  const issue = r.error.issues[0];
  const where = issue?.path.join('.') || '(root)';
  return {
    id: cmd.id,
    status: 'failure',
    message: `invalid config: ${where}: ${issue?.message ?? 'invalid'}`.slice(0, 500),
  };
}

/** Whether a command is a configuration push rather than point values. */
export const isConfigCommand = (cmd: CommandPayload): boolean =>
  cmd.kind === 'configSync' || cmd.kind === 'virtualSync';
