/**
 * How far a walk run as a task may go, and how long a task is kept: bounds of their own, larger than a tool
 * call's (limits.ts), since a task answers at once and is read later, not within one call's time.
 */
export interface TaskLimits {
  /** The most items a task's walk may ask for; a task naming no `maxItems` walks up to this. Default 10 000. */
  readonly maxItems?: number;
  /** The most pages a task's walk may fetch; a task naming no `maxPages` walks up to this. Default 400. */
  readonly maxPages?: number;
  /**
   * UTF-8 bytes of a finished task's result sent inline by `tasks/result` (or `tasks/get`); a larger one is
   * sent as a `resource_link` to the whole walk, read with `resources/read`. Default 1 000 000.
   */
  readonly maxResultBytes?: number;
  /** UTF-8 bytes of items a task holds at most: its walk stops before a page past it, with `resume`. Default 20 000 000. */
  readonly maxHeldBytes?: number;
  /** How long a task and its result are kept from its creation, in ms; a task still walking then is cancelled. Default 1 hour. */
  readonly ttlMs?: number;
  /** How often a client is asked to poll a working task, in ms. Default 1 000. */
  readonly pollIntervalMs?: number;
  /** Tasks one caller may hold at once (the oldest finished one makes room); more walking at once are refused. Default 10. */
  readonly maxTasksPerCaller?: number;
}

export type ResolvedTaskLimits = Required<TaskLimits>;

export const defaultTaskLimits: ResolvedTaskLimits = {
  maxItems: 10_000,
  maxPages: 400,
  maxResultBytes: 1_000_000,
  maxHeldBytes: 20_000_000,
  ttlMs: 3_600_000,
  pollIntervalMs: 1_000,
  maxTasksPerCaller: 10,
};

/** The limits given, over the defaults, each a whole number >= 1, and the inline result within what is held. */
export function resolveTaskLimits(given: TaskLimits = {}): ResolvedTaskLimits {
  const limits = { ...defaultTaskLimits, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`tasks.${name} must be a whole number >= 1 (received ${String(value)}).`);
    }
  }
  if (limits.maxResultBytes > limits.maxHeldBytes) {
    throw new RangeError(
      `tasks.maxResultBytes (${limits.maxResultBytes}) must not exceed tasks.maxHeldBytes (${limits.maxHeldBytes}).`,
    );
  }
  return limits;
}
