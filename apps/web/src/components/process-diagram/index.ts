export { ProcessDiagram, type ProcessDiagramProps } from './process-diagram';
