/**
 * How much one tool call may return, bounded by default so that a walk cannot flood a model's context; and
 * how many code-mode programs run at once, so that one caller cannot hold a shared server.
 */
export interface ToolLimits {
  /** Items a paged tool returns when the call names no `maxItems`. Default 50. */
  readonly defaultItems?: number;
  /** The most items one call may ask for (`maxItems`). Default 500. */
  readonly maxItems?: number;
  /** Pages a paged tool fetches when the call names no `maxPages`. Default 3. */
  readonly defaultPages?: number;
  /** The most pages one call may ask for (`maxPages`). Default 20. */
  readonly maxPages?: number;
  /** UTF-8 bytes of a result's JSON text past which it is cut, with a note saying how to get the rest. Default 50 000. */
  readonly maxResultBytes?: number;
  /**
   * Code mode: `execute` programs one caller may run at once (a caller is a key: the server's own, the one a
   * request brings, or a signed-in user's); past it, `execute` is a tool error saying to wait. Default 4.
   */
  readonly maxProgramsPerCaller?: number;
  /** Code mode: programs the server runs at once, all callers together; past it, the same. Default 16. */
  readonly maxPrograms?: number;
  /**
   * Code mode: UTF-8 bytes of an `execute` program's text. A longer one is refused before anything else (its
   * type check runs on the server's thread, beside every other request). Default 64 000: some 1,500 lines.
   */
  readonly maxProgramBytes?: number;
}

export type ResolvedLimits = Required<ToolLimits>;

export const defaultLimits: ResolvedLimits = {
  defaultItems: 50,
  maxItems: 500,
  defaultPages: 3,
  maxPages: 20,
  maxResultBytes: 50_000,
  maxProgramsPerCaller: 4,
  maxPrograms: 16,
  maxProgramBytes: 64_000,
};

/** The smallest `maxResultBytes`: room for a note and a few items. */
const minResultBytes = 1_000;

/** The limits given, over the defaults, each checked: a whole number, a default within its maximum. */
export function resolveLimits(given: ToolLimits = {}): ResolvedLimits {
  const limits = { ...defaultLimits, ...given };
  for (const [name, value] of Object.entries(limits)) {
    const min = name === 'maxResultBytes' ? minResultBytes : 1;
    if (!Number.isSafeInteger(value) || value < min) {
      throw new RangeError(`limits.${name} must be a whole number >= ${min} (received ${String(value)}).`);
    }
  }
  if (limits.defaultItems > limits.maxItems) {
    throw new RangeError(
      `limits.defaultItems (${limits.defaultItems}) must not exceed limits.maxItems (${limits.maxItems}).`,
    );
  }
  if (limits.defaultPages > limits.maxPages) {
    throw new RangeError(
      `limits.defaultPages (${limits.defaultPages}) must not exceed limits.maxPages (${limits.maxPages}).`,
    );
  }
  if (limits.maxProgramsPerCaller > limits.maxPrograms) {
    throw new RangeError(
      `limits.maxProgramsPerCaller (${limits.maxProgramsPerCaller}) must not exceed limits.maxPrograms (${limits.maxPrograms}).`,
    );
  }
  return limits;
}
