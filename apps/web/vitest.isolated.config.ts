import { webProject } from './vitest.shared.js';

/** Files that replace modules or test module state: a fresh module graph each (vitest.shared.ts). */
export default webProject('web-isolated', true);
