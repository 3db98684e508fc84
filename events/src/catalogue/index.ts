export * from './tags';
export * as fields from './fields';
export * from './project';
export * from './version';
export * from './social';
export * from './user';
export * from './system';
export * from './oauth';
export * from './billing';
