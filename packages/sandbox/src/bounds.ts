/** What one program may use: each bound checked while it runs, each breach a `SandboxError` naming it. */
export interface SandboxBounds {
  /** Milliseconds from the program given to its answer, waiting on the gateway included; stopped past it. Default 30 000. */
  readonly wallMs?: number;
  /** Milliseconds of CPU the program's worker may use (the host's time on its requests counted too, waiting on the gateway not); stopped past it. Default 5 000. */
  readonly cpuMs?: number;
  /** Bytes of memory the program's heap may hold. Default 64 MiB. */
  readonly memoryBytes?: number;
  /** Gateway calls the program may make (each `run`, and each page a walk fetches). Default 100. */
  readonly maxCalls?: number;
  /** UTF-8 bytes of the returned value's JSON. Default 100 000. */
  readonly maxResultBytes?: number;
  /** UTF-8 bytes of what the program writes with `console`. Default 10 000. */
  readonly maxConsoleBytes?: number;
}

export type ResolvedBounds = Required<SandboxBounds>;

export const defaultBounds: ResolvedBounds = {
  wallMs: 30_000,
  cpuMs: 5_000,
  memoryBytes: 64 * 1024 * 1024,
  maxCalls: 100,
  maxResultBytes: 100_000,
  maxConsoleBytes: 10_000,
};

/** The smallest of each: below these a program cannot even start. */
const minimum: ResolvedBounds = {
  wallMs: 1,
  cpuMs: 1,
  memoryBytes: 1024 * 1024,
  maxCalls: 0,
  maxResultBytes: 16,
  maxConsoleBytes: 0,
};

/** How each bound is said in an error: `cpuMs 5,000 ms`. */
export function boundText(name: keyof ResolvedBounds, value: number): string {
  const shown = value.toLocaleString('en-US');
  if (name === 'wallMs' || name === 'cpuMs') return `${name} ${shown} ms`;
  if (name === 'maxCalls') return `${name} ${shown} gateway calls`;
  return `${name} ${shown} bytes`;
}

/** The bounds given, over the defaults, each a whole number at or above its minimum. */
export function resolveBounds(given: SandboxBounds = {}): ResolvedBounds {
  const bounds = { ...defaultBounds, ...given };
  for (const name of Object.keys(defaultBounds) as (keyof ResolvedBounds)[]) {
    const value = bounds[name];
    if (!Number.isSafeInteger(value) || value < minimum[name]) {
      throw new RangeError(`bounds.${name} must be a whole number >= ${minimum[name]} (received ${String(value)}).`);
    }
  }
  return bounds;
}
