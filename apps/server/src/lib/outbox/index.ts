export * from './outbox';
export { notifyOutbox } from './outbox-events';
export { createRequestPressure, type RequestPressure } from './request-pressure';
export {
  createOutboxProcessor,
  retryFailedEntries,
  startOutboxWorker,
  type OutboxProcessorOptions,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker';
