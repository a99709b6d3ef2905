// How a run walks, decided before its first request from the endpoint's definition, the caller's params and
// the stored state (by `harvest`, and by a queue's `storeSink` for each walk job): go on from a killed run's
// checkpoint; `incremental` on a listing sorted newest first, once a run of it completed; `since` on an
// endpoint with a since-style param, sent the stored high-water mark; `full` otherwise, saying why. And where
// an incremental run stops.
import type { EndpointDefinition, WalkCheckpoint } from '@pdg/core';
import { describeParams } from '@pdg/core/describe';
import type { TableShape } from './columns.js';
import type { HarvestMode, PageCounts, StoredState } from './store.js';

/** Params that ask for items from a point on: the gateway's names for them across its providers. */
const sinceParams = ['since', 'from', 'start', 'startDate', 'dateFrom', 'fromDate', 'yearFrom'];

/** The item field a since-style param is compared with, where its name does not say it (`yearFrom` and `year`). */
const sinceFieldOf: Readonly<Record<string, string>> = { yearFrom: 'year' };

export interface RunPlan {
  readonly mode: HarvestMode;
  readonly modeReason: string;
  /** The params sent: the caller's, with the high-water mark in a since run. */
  readonly sentParams: Readonly<Record<string, unknown>>;
  /** A killed run's checkpoint, to go on from. */
  readonly resume?: WalkCheckpoint;
  /** The killed run this one finishes. */
  readonly interrupts?: string;
  /** The item field whose largest value is the next run's high-water mark. */
  readonly sinceField?: string;
}

export interface PlanInput {
  readonly definition: EndpointDefinition;
  readonly table: TableShape;
  readonly params: Readonly<Record<string, unknown>>;
  readonly state: StoredState | undefined;
  readonly fullRefresh: boolean;
  /**
   * The run being planned, where it may have been planned before: a queue's walk job taken up again after its
   * worker died plans again, and the state it wrote itself holds its plan (the params it sent, its mode).
   */
  readonly runId?: string;
}

export function planRun({ definition, table, params, state, fullRefresh, runId }: PlanInput): RunPlan {
  if (runId !== undefined && state?.runId === runId && state.status === 'running')
    return {
      mode: state.mode,
      modeReason: state.modeReason,
      sentParams: state.sentParams ?? params,
      ...(state.mode === 'incremental' ? {} : sinceFieldPart(definition, table, params)),
    };
  if (fullRefresh)
    return { mode: 'full', modeReason: 'asked for (full refresh): every page is walked', sentParams: params };
  if (state?.status === 'running' && state.checkpoint && !state.checkpoint.done) {
    return {
      mode: state.mode,
      modeReason: `goes on from the checkpoint of run ${state.runId}, which did not finish (${state.modeReason})`,
      sentParams: state.sentParams ?? params,
      resume: state.checkpoint,
      interrupts: state.runId,
      ...sinceFieldPart(definition, table, params),
    };
  }
  if (state === undefined)
    return {
      mode: 'full',
      modeReason: 'first run of this walk: nothing is stored yet',
      sentParams: params,
      ...sinceFieldPart(definition, table, params),
    };
  const order = newestFirst(definition, params);
  // A run that stopped part way (killed, failed, or at its limit) stored the newest pages and not those after:
  // stopping at the first page found stored would leave the gap, so the walk is whole until a run of it
  // completes (or goes from the last complete run's mark).
  if (state.status !== 'completed' && (order || state.highWater === null))
    return {
      mode: 'full',
      modeReason: `the last run, ${state.runId}, did not walk the whole listing (it did not finish, or stopped at its item or page limit): every page is walked until a run of this walk completes`,
      sentParams: params,
      ...sinceFieldPart(definition, table, params),
    };
  if (order) {
    return {
      mode: 'incremental',
      modeReason: `the listing is sorted newest first (${order}): walked until a page whose items are all stored and unchanged`,
      sentParams: params,
    };
  }
  const since = sinceFieldPart(definition, table, params);
  const param = sinceParam(definition);
  if (param !== undefined && params[param] !== undefined)
    return {
      mode: 'full',
      modeReason: `${param} was given, so the stored high-water mark is not sent`,
      sentParams: params,
    };
  if (param !== undefined && since.sinceField === undefined)
    return {
      mode: 'full',
      modeReason: `${param} is a since-style param, but the items have no field to take its high-water mark from`,
      sentParams: params,
    };
  if (param !== undefined && state.highWater !== null) {
    return {
      mode: 'since',
      modeReason: `${param} is sent the stored high-water mark ${state.highWater}`,
      sentParams: { ...params, [param]: highWaterValue(definition, param, state.highWater) },
      ...since,
    };
  }
  return {
    mode: 'full',
    modeReason:
      'the endpoint has neither a newest-first order nor a since-style param: every page is walked and upserted',
    sentParams: params,
    ...since,
  };
}

/**
 * Whether an incremental run ends after this page: a newest-first listing whose page held items, none of them
 * new or changed, has the rest stored already.
 */
export function endsIncremental(plan: RunPlan, items: number, counts: PageCounts): boolean {
  return plan.mode === 'incremental' && items > 0 && counts.inserted === 0 && counts.updated === 0;
}

/** `sort=newest` given, or the documented default of a `sort` param that takes it. */
function newestFirst(definition: EndpointDefinition, params: Readonly<Record<string, unknown>>): string | undefined {
  if (params.sort === 'newest') return 'sort=newest';
  if (params.sort !== undefined) return undefined;
  const sort = describeParams(definition).find((param) => param.name === 'sort');
  return sort?.default === 'newest' ? 'sort=newest, the documented default' : undefined;
}

function sinceParam(definition: EndpointDefinition): string | undefined {
  const names = new Set(describeParams(definition).map((param) => param.name));
  return sinceParams.find((name) => names.has(name));
}

/** The item field a since run takes its next high-water mark from: named by the param, or the key's last item field. */
function sinceFieldPart(
  definition: EndpointDefinition,
  table: TableShape,
  params: Readonly<Record<string, unknown>>,
): { sinceField?: string } {
  const param = sinceParam(definition);
  if (param === undefined || params[param] !== undefined) return {};
  const named = sinceFieldOf[param];
  const fields = new Set(table.columns.map((column) => column.name));
  if (named !== undefined) return fields.has(named) ? { sinceField: named } : {};
  if (table.itemKey === 'content') return {};
  const last = [...table.itemKey].reverse().find((part): part is string => typeof part === 'string');
  return last !== undefined && fields.has(last) ? { sinceField: last } : {};
}

/** The stored mark as the param takes it: a number where the param is a number. */
function highWaterValue(definition: EndpointDefinition, param: string, mark: string): unknown {
  const info = describeParams(definition).find((candidate) => candidate.name === param);
  return info?.type === 'number' || info?.type === 'integer' ? Number(mark) : mark;
}
