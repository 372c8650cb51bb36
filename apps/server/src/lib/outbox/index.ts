export * from './outbox';
export { notifyOutbox } from './outbox-events';
export {
  createOutboxProcessor,
  retryFailedEntries,
  startOutboxWorker,
  type OutboxProcessorOptions,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker';
