import { Redis } from 'ioredis';

/** Tests: is a Redis server answering at `url`? (Its tests are skipped, saying so, when not.) */
export async function redisRunning(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
