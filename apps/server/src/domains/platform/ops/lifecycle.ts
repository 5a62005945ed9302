import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this server is shutting down (readiness answers 503 from the first signal on). */
    lifecycle: Lifecycle;
  }
}

/** The server's own state as readiness reports it: serving, or shutting down. */
export class Lifecycle {
  private stopping = false;

  get shuttingDown(): boolean {
    return this.stopping;
  }

  /** From now on readiness fails, so load balancers stop sending before the server stops taking connections. */
  beginShutdown(): void {
    this.stopping = true;
  }
}

/** Decorates the app with its lifecycle; closing the app counts as shutting down too. */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => lifecycle.beginShutdown());
  return lifecycle;
}
