/** Text matched literally in a LIKE pattern: `%`, `_` and `\` lose their meaning. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains `s`", matched literally. */
export const containsPattern = (s: string): string => `%${escapeLike(s)}%`;
