export * from './automation';
export * from './constants';
export * from './order';
export * from './process';
