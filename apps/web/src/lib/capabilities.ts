/**
 * Server modules the shell calls that arrive with later issues. The bells are wired to these
 * switches; each issue turns its switch on together with its endpoint, so the shell never
 * polls a call that does not exist yet.
 */
export const CAPABILITIES = {
  /** POST /flow/event/eventNum — the alarm centre issue. */
  alarmCount: true,
  /** POST /business/messageInfo/selectMessageInfo — the messages issue. */
  messages: true,
} as const satisfies Record<string, boolean>;
