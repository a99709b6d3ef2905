/**
 * Request targets as the gateway reads them, kept: a client asks the same few targets again and again, and
 * parsing the URL, finding its route and keying its answer cost more than the rest of a request. Each target
 * is read once and kept (the 1,024 most recent); its answer, which the responder makes the same every time
 * for the same target, is kept with it.
 */
import type { FixtureAnswer } from './answers/answer.js';
import type { FixtureResponder, Route } from './answers/responder.js';
import { parseTarget } from './request.js';

/** A target that parsed: its URL, where it goes, and its answer (made on first use, then kept). */
export interface KnownTarget {
  readonly url: URL;
  /** The URL's path, read once. */
  readonly pathname: string;
  /** The provider and endpoint its path names, or the 400/404 answer when it names none. */
  readonly route: Route | FixtureAnswer;
  /** The responder's answer to this target; `dynamic` as Prism's `Prefer: dynamic=true`. Only for a route. */
  answer(route: Route, dynamic: boolean): FixtureAnswer;
}

/** A target as read: known, or the message of the 400 it gets. */
export type ReadTarget = KnownTarget | { readonly error: string };

const keptTargets = 1_024;
/** Longer targets are read anew each time, so a few huge ones cannot hold megabytes. */
const longestKeptTarget = 2_048;

function readTarget(responder: FixtureResponder, raw: string): ReadTarget {
  const parsed = parseTarget(raw);
  if ('error' in parsed) return parsed;
  const { url } = parsed;
  const answers: { plain?: FixtureAnswer; dynamic?: FixtureAnswer } = {};
  const { pathname } = url;
  return {
    url,
    pathname,
    route: responder.route(pathname),
    answer(route, dynamic) {
      const which = dynamic ? 'dynamic' : 'plain';
      answers[which] ??= responder.answer(route, url.searchParams, { dynamic });
      return answers[which];
    },
  };
}

/** Reads request targets for this responder, keeping the most recent. */
export function targetReader(responder: FixtureResponder): (raw: string) => ReadTarget {
  const kept = new Map<string, ReadTarget>();
  return (raw) => {
    const known = kept.get(raw);
    if (known) return known;
    const read = readTarget(responder, raw);
    if (raw.length > longestKeptTarget) return read;
    if (kept.size >= keptTargets) kept.delete(kept.keys().next().value as string);
    kept.set(raw, read);
    return read;
  };
}
