import { workorderApi } from '@ess/contract';

/** What a definition write changes: its list and the process keys the template form offers. */
export const DEFINITION_WRITE_INVALIDATES = [workorderApi.workorderDefinitionPage] as const;

/** What a template write changes: the template choices of the rule and schedule forms, and their names in those lists. */
export const TEMPLATE_WRITE_INVALIDATES = [
  workorderApi.workorderTemplatePage,
  workorderApi.workorderRulePage,
  workorderApi.workorderSchedulePage,
] as const;
