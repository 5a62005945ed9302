/** The process module's public face: the engine, definitions and templates other modules may use. */

export type { ReadDefinition } from './bpmn-read';
export { DefinitionProblem, readDefinition, slaTimersOf } from './bpmn-read';
export type { DefinitionRecord } from './definition.repository';
export { findDefinition, latestActiveDefinition } from './definition.repository';
export { processApi } from './process.module';
export type { ArmedTimer, EngineSignal, EngineStep, SlaTimes } from './process-engine';
export { processEngine } from './process-engine';
export type { TemplateRecord } from './template.repository';
export { findTemplate, templateOfType } from './template.repository';
