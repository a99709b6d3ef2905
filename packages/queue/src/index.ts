/**
 * `@pdg/queue`: walks of paged endpoints as durable BullMQ jobs, spread over worker processes and machines,
 * resumed from their checkpoint when a worker dies, each page delivered to an idempotent sink.
 */

export { checkEveryAgainstCache, durationWords, everyForms, everyMs, everyText } from './every.js';
export { removeWalk, type WalkRemoved } from './remove-walk.js';
export {
  type NdjsonSink,
  ndjsonSink,
  readNdjsonWalk,
  type Sink,
  type SinkFunction,
  type SinkObject,
  type SinkPage,
  type SinkWalkEnd,
  type SinkWalkPlan,
  type SinkWalkStart,
  type SinkWritten,
} from './sink.js';
export {
  type FailedWalk,
  type WalkRun,
  type WalkRunState,
  type WalkSchedule,
  type WalkStatus,
  walkStatus,
} from './status.js';
export {
  addWalk,
  type EnqueueWalkOptions,
  enqueueWalk,
  runJobId,
  type WalkAdded,
  type WalkOf,
  type WalkProgress,
  type WalkSpec,
  walkId,
} from './walk-job.js';
export { createWalkWorker, jobFailure, type WalkWorker, type WalkWorkerOptions } from './walk-worker.js';
