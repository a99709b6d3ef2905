/** `SandboxError`: why a program has no answer (a bound it breached, its own error, a call it did not catch), as a pdg error with a code. */
import { boundText, type ResolvedBounds } from './bounds.js';

/**
 * Core's mark on its errors (`Symbol.for`, so it holds across copies of `@pdg/core`): with it, `isPdgError`
 * (and `instanceof PdgError`) recognise a `SandboxError`, and whatever maps pdg's failures to exit codes or
 * tool errors maps this one in the same place, by its `code`.
 */
const pdgErrorMarker = Symbol.for('@pdg/core/PdgError');

/** What a program's failure is coded as, by whose fault it was (a gateway call's failure keeps its own code). */
const codeOfKind = { bound: 'BOUND_EXCEEDED', program: 'PROGRAM_ERROR' } as const;

/**
 * Why a program gave no answer. `kind` says whose fault: `'bound'` (it went past one of its bounds, named
 * in `bound` with its `limit`), `'program'` (it threw, or its code does not parse), `'gateway'` (a call it
 * did not catch failed). `code` says it as a string to branch on, as a `PdgError`'s does: `BOUND_EXCEEDED`,
 * `PROGRAM_ERROR`, or the failed call's `PdgError` code (`RATE_LIMITED`, ...).
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly kind: 'bound' | 'program' | 'gateway';
  readonly code: string;
  readonly bound: keyof ResolvedBounds | undefined;
  readonly limit: number | undefined;
  /** As a `PdgError` has them: no broken rule of a param or response to list here, and nothing to retry as is. */
  readonly issues: readonly [] = [];
  readonly retryable = false;

  constructor(
    message: string,
    details: { kind: SandboxError['kind']; bound?: keyof ResolvedBounds; limit?: number; code?: string },
  ) {
    super(message);
    this.kind = details.kind;
    this.code = details.kind === 'gateway' ? (details.code ?? 'ERROR') : codeOfKind[details.kind];
    this.bound = details.bound;
    this.limit = details.limit;
    Object.defineProperty(this, pdgErrorMarker, { value: true });
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
