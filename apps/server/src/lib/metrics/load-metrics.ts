import { Gauge, type Registry } from 'prom-client';
import type { ServerLoad } from '../server-load';
import { counterFrom } from './counter-from';

/**
 * `ess_server_behind` (1 when the last second's database queue or event-loop lateness passed its
 * limit), `ess_sign_in_rate` (sign-ins a second the server lets in now) and
 * `ess_sign_ins_shed_total` (sign-ins answered 503 with Retry-After over that rate): a shift
 * change that outgrew the machine shows here before anyone's call times out.
 */
export function loadMetrics(register: Registry, load: ServerLoad): void {
  new Gauge({
    name: 'ess_server_behind',
    help: 'Whether sign-ins wait because the server is behind on those signed in (1) or not (0)',
    registers: [register],
    collect() {
      this.set(load.behind ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ess_sign_in_rate',
    help: 'Sign-ins a second the server lets in now (halved each second it is behind)',
    registers: [register],
    collect() {
      this.set(load.rate);
    },
  });
  counterFrom(
    register,
    { name: 'ess_sign_ins_shed_total', help: 'Sign-ins answered 503 with Retry-After over the rate the server let in' },
    () => load.shedTotal,
  );
}
