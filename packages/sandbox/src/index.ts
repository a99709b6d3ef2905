/** The `@pdg/sandbox` entry: `runProgram`, `SandboxError` and the bounds. */
export { boundText, defaultBounds, type ResolvedBounds, resolveBounds, type SandboxBounds } from './bounds.js';
export { SandboxError } from './errors.js';
export type { ProgramProgress } from './host-calls.js';
export { type ProgramResult, type RunProgramOptions, runProgram } from './run-program.js';
