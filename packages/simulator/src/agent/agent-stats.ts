/** What the agents did: MQTT telemetry publishes, samples and point values in them, PUBACKs, failures. */
export type AgentStats = {
  messages: number;
  samples: number;
  points: number;
  acked: number;
  errors: number;
  /** Samples waiting in the offline buffer now. */
  buffered: number;
  /** Samples dropped because the offline buffer was full. */
  dropped: number;
  commands: number;
};

export const emptyStats = (): AgentStats => ({
  messages: 0,
  samples: 0,
  points: 0,
  acked: 0,
  errors: 0,
  buffered: 0,
  dropped: 0,
  commands: 0,
});

export function addStats(into: AgentStats, s: AgentStats): AgentStats {
  for (const k of Object.keys(into) as (keyof AgentStats)[]) into[k] += s[k];
  return into;
}
