/**
 * How server instances pass messages to each other (domains/telemetry/telemetry/cluster-relay.ts): every
 * instance publishes to one topic and receives what all of them published, its own included.
 * Delivery is at most once and unordered between publishers; live push needs no more.
 */
export interface RelayTransport {
  /** Its name in logs and settings (RELAY). */
  readonly kind: 'pg' | 'redis' | 'nats';
  /** Largest payload one message may carry, in bytes (UTF-8). */
  readonly maxPayload: number;
  /** Connects and starts calling `receive` with each message's payload. */
  start(receive: (payload: string) => void): Promise<void>;
  /** Sends the payloads in order; rejects when the transport cannot take them now. */
  publish(payloads: string[]): Promise<void>;
  close(): Promise<void>;
}

export type RelayLog = { warn: (obj: object, msg: string) => void };
