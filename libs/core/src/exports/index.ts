export * from './formats';
export * from './list-export';
