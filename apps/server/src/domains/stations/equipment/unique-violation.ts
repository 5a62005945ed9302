/** PostgreSQL's unique_violation, possibly wrapped by Drizzle: two requests raced for one key. */
export const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === '23505') return true;
  }
  return false;
};
