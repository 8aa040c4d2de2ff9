export * from './age-groups';
export * from './categories';
export * from './immutable-cache';
export * from './lists';
export * from './players';
export * from './rankings';
export * from './tournaments';
export * from './read-transaction';
