import { boundText, type ResolvedBounds } from './bounds.js';

/**
 * Why a program gave no answer. `kind` says whose fault: `'bound'` (it went past one of its bounds, named
 * in `bound` with its `limit`), `'program'` (it threw, or its code does not parse), `'gateway'` (a call it
 * did not catch failed: `code` is the `PdgError` code).
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly kind: 'bound' | 'program' | 'gateway';
  readonly bound: keyof ResolvedBounds | undefined;
  readonly limit: number | undefined;
  readonly code: string | undefined;

  constructor(
    message: string,
    details: { kind: SandboxError['kind']; bound?: keyof ResolvedBounds; limit?: number; code?: string },
  ) {
    super(message);
    this.kind = details.kind;
    this.bound = details.bound;
    this.limit = details.limit;
    this.code = details.code;
  }
}

const advice: Record<keyof ResolvedBounds, string> = {
  wallMs: 'ask for less (fewer pages, narrower params), or split the question into several programs',
  cpuMs: 'look for a loop that does not end, or compute less',
  memoryBytes:
    'keep less in memory: reduce each item to the fields needed as it comes, rather than keeping whole pages',
  maxCalls: 'make fewer calls: use maxPages / maxItems on walks, or narrower params',
  maxResultBytes: 'return only the answer: aggregate, count or pick the fields needed instead of whole listings',
  maxConsoleBytes: 'log less; return the answer instead of printing it',
};

/** The error for a breach of one bound: `Bound exceeded: cpuMs 5,000 ms. <what to do>`. */
export function boundError(name: keyof ResolvedBounds, bounds: ResolvedBounds, detail = ''): SandboxError {
  return new SandboxError(
    `Bound exceeded: ${boundText(name, bounds[name])}${detail ? ` (${detail})` : ''}. The program was stopped${name === 'cpuMs' || name === 'memoryBytes' ? ' (interrupted)' : ''}; ${advice[name]}.`,
    { kind: 'bound', bound: name, limit: bounds[name] },
  );
}
