import { webProject } from './vitest.shared';

export default webProject('web', false);
