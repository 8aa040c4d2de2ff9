export * from './webhooks.service';
export * from './events';
export * from './dispatch';
