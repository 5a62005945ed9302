import { createHash } from 'node:crypto';

export const sha256 = (v: string | Buffer): string => createHash('sha256').update(v).digest('hex');
