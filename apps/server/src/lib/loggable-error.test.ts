import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error';

describe('loggable error', () => {
  it("keeps a failed query's SQL and reason but never its parameters", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const err = new DrizzleQueryError(
      'update sys_user set password_hash = $1 where id = $2',
      ['scrypt$secret-hash', 7],
      cause,
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('update sys_user set password_hash');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('secret-hash');
  });

  it('passes other errors on with message and stack', () => {
    const logged = loggableError(new TypeError('boom')) as { type: string; message: string; stack: string };
    expect(logged.type).toBe('TypeError');
    expect(logged.message).toBe('boom');
    expect(logged.stack).toContain('loggable-error.test');
  });
});
