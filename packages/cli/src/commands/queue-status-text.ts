/**
 * `pdg queue status` as text and as JSON: the counts, the schedules (period, next run) and the walk runs,
 * a run whose worker died shown as stalled with how long it has been silent. Only types come from
 * @pdg/queue here; its functions are loaded by the command.
 */
import type { WalkRun, WalkSchedule, WalkSpec, WalkStatus } from '@pdg/queue';

/** Runs listed in the text, at most: `--json` lists them all. */
export const listedRuns = 50;

/** `2h 5m`, `3m 20s`, `45s`: a span of time, in its two largest units. */
export function spanText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'd'],
    [Math.floor(seconds / 3600) % 24, 'h'],
    [Math.floor(seconds / 60) % 60, 'm'],
    [seconds % 60, 's'],
  ];
  const first = parts.findIndex(([count]) => count > 0);
  if (first === -1) return '0s';
  return parts
    .slice(first, first + 2)
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count}${unit}`)
    .join(' ');
}

/** `jobs:jobboard browse --country SG --limit 50 --max-pages 3`: a walk as `pdg queue add` takes it. */
export function walkText(walk: WalkSpec | undefined): string {
  if (!walk) return '(no walk)';
  const value = (param: unknown) =>
    typeof param === 'string' && /^[^\s"']+$/.test(param)
      ? param
      : typeof param === 'number' || typeof param === 'boolean'
        ? String(param)
        : JSON.stringify(param);
  const params = Object.entries(walk.params ?? {}).map(([name, param]) => `--${name} ${value(param)}`);
  const limits = [
    ...(walk.maxItems === undefined ? [] : [`--max-items ${walk.maxItems}`]),
    ...(walk.maxPages === undefined ? [] : [`--max-pages ${walk.maxPages}`]),
  ];
  return [walk.provider, walk.endpoint, ...params, ...limits].join(' ');
}

/** `every 1h  next 2026-11-28T12:30:00Z (in 59m 58s)  jobs:jobboard browse ...` */
function scheduleLine(schedule: WalkSchedule, now: number, everyText: (ms: number) => string): string {
  const next =
    schedule.next === undefined
      ? 'no next run'
      : `next ${new Date(schedule.next).toISOString()} (${schedule.next > now ? `in ${spanText(schedule.next - now)}` : 'due now'})`;
  return `  ${schedule.id}  every ${everyText(schedule.every)}  ${next}  ${schedule.runs} run${schedule.runs === 1 ? '' : 's'} so far  ${walkText(schedule.walk)}`;
}

/** `walk-…-r2  stalled, last heard from 2m 5s ago  40 items in 4 pages  jobs:jobboard browse ...` */
function runLine(run: WalkRun, now: number): string {
  const heard = run.lastHeardAt === undefined ? '' : `, last heard from ${spanText(now - run.lastHeardAt)} ago`;
  const state = run.state === 'stalled' ? `stalled (its worker is gone)${heard}` : `${run.state}${heard}`;
  return `  ${run.id}  ${state}  ${run.delivered} items in ${run.pages} pages  ${walkText(run.walk)}`;
}

/** The status as lines: counts, schedules, runs (at most `listedRuns`), then each failed run and why. */
export function statusText(status: WalkStatus, now: number, everyText: (ms: number) => string): string {
  const runs = status.runs.slice(0, listedRuns);
  const more = status.runs.length - runs.length;
  return [
    `waiting ${status.waiting}`,
    `active ${status.active}`,
    `stalled ${status.stalled}`,
    `done ${status.done}`,
    `failed ${status.failed}`,
    `items delivered ${status.delivered}`,
    ...(status.schedules.length === 0
      ? []
      : ['schedules:', ...status.schedules.map((schedule) => scheduleLine(schedule, now, everyText))]),
    ...(runs.length === 0 ? [] : ['walks:', ...runs.map((run) => runLine(run, now))]),
    ...(more > 0 ? [`  ... and ${more} more (pdg queue status --json lists them all)`] : []),
    ...status.failures.map((failure) => `failed walk ${failure.walkId}: ${failure.reason}`),
  ].join('\n');
}

const isoOf = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/**
 * The status as one JSON value: times as ISO strings, each period as `--every` takes it (`every`) and in ms
 * (`everyMs`), and for each active or stalled run how long it has been silent (`silentMs`).
 */
export function statusJson(status: WalkStatus, now: number, everyText: (ms: number) => string): unknown {
  return {
    waiting: status.waiting,
    active: status.active,
    stalled: status.stalled,
    done: status.done,
    failed: status.failed,
    delivered: status.delivered,
    schedules: status.schedules.map((schedule) => ({
      id: schedule.id,
      walk: schedule.walk,
      every: everyText(schedule.every),
      everyMs: schedule.every,
      next: isoOf(schedule.next),
      runs: schedule.runs,
    })),
    walks: status.runs.map((run) => ({
      ...run,
      lastHeardAt: isoOf(run.lastHeardAt),
      silentMs: run.lastHeardAt === undefined ? undefined : now - run.lastHeardAt,
      finishedAt: isoOf(run.finishedAt),
    })),
  };
}
