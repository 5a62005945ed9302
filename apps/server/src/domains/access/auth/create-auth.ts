import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { configurePasswordGate, configurePasswordHash, passwordGateLimits } from '../../../lib/password';
import { AuthService, type SessionOptions } from './auth.service';
import { LoginGuard } from './login-guard';
import { LoginKeyVault } from './login-key-vault';
import { type Clock, LoginKeyRing } from './login-keys';
import { SecretCipher } from './secret-cipher.service';

/**
 * The sign-in service with its key ring and brute-force guard. Loads (or creates) the current
 * login key at once, so a LOGIN_KEY_SECRET that cannot open it stops the start. Its session
 * cache listens for `sessionsChanged` on `bus`: pass the app's bus, which the services that
 * revoke sessions or change rights emit on.
 */
export async function createAuthService(
  db: Db,
  env: Env,
  bus: TelemetryBus,
  options: { clock?: Clock } & SessionOptions = {},
): Promise<AuthService> {
  const { clock = Date.now, ...sessions } = options;
  // One gate per process for every password hash and check, sized from the environment.
  configurePasswordGate(passwordGateLimits(env));
  configurePasswordHash({ memoryKib: env.PASSWORD_ARGON2_MEMORY_KIB, passes: env.PASSWORD_ARGON2_PASSES });
  const ring = new LoginKeyRing(db, LoginKeyVault.fromConfig(env), clock);
  await ring.current();
  return new AuthService(
    db,
    new SecretCipher(db, ring, clock),
    new LoginGuard(db, clock),
    {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxMs: env.SESSION_MAX_HOURS * 3_600_000,
      screenLogin: env.SCREEN_LOGIN === 'on',
      screenStations: env.SCREEN_STATIONS,
    },
    bus,
    sessions,
  );
}
