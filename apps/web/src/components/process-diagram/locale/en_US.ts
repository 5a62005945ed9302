import type { LocaleShape } from '@/lib/i18n/types';
import type { zh_CN } from './zh_CN';

export const en_US: LocaleShape<typeof zh_CN> = {
  processDiagram: {
    unreadable: 'The diagram cannot be read: the file is not valid BPMN 2.0',
    noLayout: 'This process definition has no diagram layout to show',
    unsupported: 'This browser cannot draw the process diagram',
    failed: 'Drawing the process diagram failed',
    active: 'Current step',
    done: 'Steps done',
    fit: 'Fit to view',
    unknownNodes: 'Steps not found in the diagram: {{ids}}',
  },
};
