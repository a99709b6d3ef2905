// The messages between a store and its own thread (threaded-store.ts, store-thread.ts): a call of one of the
// store's methods, and its answer.
import type { StoreTarget } from './target.js';

/** The store's methods its thread answers. */
export type StoreCall =
  | 'prepare'
  | 'readState'
  | 'startRun'
  | 'writePage'
  | 'writeItems'
  | 'finishRun'
  | 'countRows'
  | 'readRuns'
  | 'close';

/** The thread's data: the target it opens. */
export interface StoreThreadData {
  readonly target: StoreTarget;
}

export interface CallMessage {
  readonly id: number;
  readonly call: StoreCall;
  readonly args: readonly unknown[];
}

/** An error as it crosses: its message, and core's error code where it has one (`USAGE`). */
export interface ThrownError {
  readonly message: string;
  readonly code?: string;
}

export type AnswerMessage =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: ThrownError };

/** The thread's first message: the store opened (its target text, whether it commits each page), or why not. */
export type OpenedMessage =
  | { readonly opened: { readonly target: string; readonly commitsEachPage: boolean } }
  | { readonly failed: ThrownError };
