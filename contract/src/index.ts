export * from './common.schema';
export * from './job.schema';
export * from './options.schema';
export * from './realtime.schema';
export * from './remote.schema';
export * from './version.schema';
export * from './routes';
