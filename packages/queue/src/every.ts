// How often a scheduled walk runs (`30s`, `10m`, `1h`, `1d`, or milliseconds in code), and its floor: the
// endpoint's documented cache time, since a poll faster than the gateway's cache gets the same cached body.
import type { EndpointDefinition } from '@pdg/core';
import { usageError } from '@pdg/core/face';

const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
type Unit = keyof typeof unitMs;
const unitWords: Readonly<Record<Unit, string>> = { s: 'second', m: 'minute', h: 'hour', d: 'day' };
/** Largest first: a duration is written in the largest unit that divides it. */
const unitsDown: readonly Unit[] = ['d', 'h', 'm', 's'];

/** The forms an interval takes, as error messages name them. */
export const everyForms = '30s, 10m, 1h or 1d (a whole number and s, m, h or d)';

/** The shortest interval: BullMQ's scheduler counts in milliseconds, but a walk more often than this is a loop. */
const shortestMs = 1000;

/**
 * An interval in milliseconds: `'30s'`, `'10m'`, `'1h'`, `'1d'`, or a whole number of milliseconds (at least
 * 1000). Anything else is a `USAGE` error naming the forms; `name` is how the message names the option.
 */
export function everyMs(every: string | number, name = 'every'): number {
  if (typeof every === 'number') {
    if (Number.isInteger(every) && every >= shortestMs) return every;
    throw usageError(`${name} must be a whole number of milliseconds, at least ${shortestMs} (received ${every}).`);
  }
  const match = typeof every === 'string' ? /^(\d+)([smhd])$/.exec(every.trim()) : null;
  const ms = match ? Number(match[1]) * unitMs[match[2] as Unit] : Number.NaN;
  if (!(ms >= shortestMs) || !Number.isSafeInteger(ms)) {
    throw usageError(`${name} takes ${everyForms} (received ${JSON.stringify(every)}).`);
  }
  return ms;
}

/** The unit a whole duration is written in: the largest that divides it, or `ms`. */
function unitOf(ms: number): Unit | undefined {
  return unitsDown.find((unit) => ms % unitMs[unit] === 0);
}

/** `10m`, `1h`, `90s`, `1500ms`: a duration as `--every` takes it. */
export function everyText(ms: number): string {
  const unit = unitOf(ms);
  return unit === undefined ? `${ms}ms` : `${ms / unitMs[unit]}${unit}`;
}

/** `10 minutes`, `1 hour`: a duration in words. */
export function durationWords(ms: number): string {
  const unit = unitOf(ms);
  if (unit === undefined) return `${ms} milliseconds`;
  const count = ms / unitMs[unit];
  return `${count} ${unitWords[unit]}${count === 1 ? '' : 's'}`;
}

/**
 * Refuses an interval shorter than the endpoint's documented cache time (`cacheSeconds`), with a `USAGE`
 * error naming it: within that time the gateway answers the same request with the same cached body, so a
 * faster schedule only spends requests. An endpoint with no documented cache time takes any interval.
 */
export function checkEveryAgainstCache(
  target: { readonly provider: string; readonly endpoint: string },
  definition: Pick<EndpointDefinition, 'cacheSeconds'>,
  ms: number,
  name = 'every',
): void {
  const cacheMs = (definition.cacheSeconds ?? 0) * 1000;
  if (ms >= cacheMs) return;
  throw usageError(
    `${target.provider} ${target.endpoint} is cached for ${durationWords(cacheMs)}; ${name} must be at least ${everyText(cacheMs)} (received ${everyText(ms)}): a faster poll gets the same cached body.`,
  );
}
