/** Where the simulator reports: console for the CLI, the server's logger in-process (pino accepts strings). */
export type SimLogger = { info(message: string): void; warn(message: string): void };

export const silentLogger: SimLogger = { info: () => {}, warn: () => {} };
