export * from './automation';
export * from './constants';
export * from './cron';
export * from './order';
export * from './process';
