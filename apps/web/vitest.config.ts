import { webProject } from './vitest.shared.js';

export default webProject('web', false);
