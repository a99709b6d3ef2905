// The state a run of a walk leaves in `_pdg_state`, shared by `harvest` and a queue's `storeSink`: page by page
// while it runs (the high-water mark it has seen so far), and at its end (the mark moved on; completed only
// when it walked the whole listing).
import type { RunPlan } from './harvest-plan.js';
import type { RunStart, StoredState } from './store.js';

/** The state after a page of a run under way; `previousMark` is the last completed run's high-water mark. */
export function runningState(
  run: RunStart,
  plan: RunPlan,
  previousMark: string | null,
  runHighWater: string | null,
  checkpoint: StoredState['checkpoint'],
): StoredState {
  return {
    runId: run.runId,
    status: 'running',
    mode: plan.mode,
    modeReason: plan.modeReason,
    checkpoint,
    sentParams: plan.sentParams,
    highWater: previousMark,
    runHighWater,
  };
}

/** The state a completed run leaves: no checkpoint, the high-water mark moved on. */
export function completedState(
  run: RunStart,
  plan: RunPlan,
  previousMark: string | null,
  runHighWater: string | null,
): StoredState {
  return {
    runId: run.runId,
    status: 'completed',
    mode: plan.mode,
    modeReason: plan.modeReason,
    checkpoint: null,
    sentParams: null,
    highWater: laterMark(previousMark, runHighWater),
    runHighWater: null,
  };
}

/**
 * The state a run that ended leaves: `completedState` when it walked the listing to its end or to what is
 * stored (`whole`); one cut at its item or page limit moves the high-water mark on, but is no complete walk of
 * the listing, so the next run of a newest-first listing does not stop at the pages it stored.
 */
export function endState(
  run: RunStart,
  plan: RunPlan,
  previousMark: string | null,
  runHighWater: string | null,
  whole: boolean,
): StoredState {
  if (whole) return completedState(run, plan, previousMark, runHighWater);
  return runningState(run, plan, laterMark(previousMark, runHighWater), null, null);
}

/** The largest value of the since-field so far (numbers compared as numbers, text as text). */
export function highestOf(current: string | null, items: readonly unknown[], field: string | undefined): string | null {
  if (field === undefined) return current;
  let best = current;
  for (const item of items) {
    const value = (item as Record<string, unknown> | null)?.[field];
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (best === null) best = text;
    else if (typeof value === 'number' ? value > Number(best) : text > best) best = text;
  }
  return best;
}

/** The later of two marks: as numbers where both are numbers, as text otherwise. */
function laterMark(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  const numeric = a.trim() !== '' && b.trim() !== '' && !Number.isNaN(Number(a)) && !Number.isNaN(Number(b));
  return (numeric ? Number(b) > Number(a) : b > a) ? b : a;
}
