import { operationErrors } from '@pdg/openapi/gateway';

/** The error statuses every operation of the OpenAPI document lists (`5XX` for any 5xx). */
const documented = Object.keys(operationErrors);

/** Whether the OpenAPI document lists this error status, so a client generated from it knows the answer. */
export function isDocumentedStatus(status: number): boolean {
  return documented.some(
    (entry) =>
      entry === String(status) ||
      (entry.endsWith('XX') && entry[0] === String(status)[0] && status >= 100 && status < 600),
  );
}

/** Why a fault's status cannot be injected, or undefined when it can. */
export function undocumentedStatus(status: number): string | undefined {
  return isDocumentedStatus(status)
    ? undefined
    : `${status} is not a status the OpenAPI document lists for the gateway's operations (it lists ${documented.join(', ')})`;
}

/** A fault the mock gateway injects instead of (or before) its normal answer. */
export interface Fault {
  /** Answer with this status and an error envelope (429 gets `Retry-After`). */
  readonly status?: number;
  /** Seconds for `Retry-After` on a 429. Default 1. */
  readonly retryAfter?: number;
  /** Wait this long before answering, in ms. */
  readonly latencyMs?: number;
  /** Answer 200 with a truncated JSON body. */
  readonly malformed?: boolean;
}

/** A server-side fault: applies to matching requests, `times` times (every time when absent). */
export interface ServerFault extends Fault {
  readonly provider?: string;
  readonly endpoint?: string;
  readonly times?: number;
}

/** The request header that asks for faults: `429`, `503`, `429;retry-after=2`, `latency=200`, `malformed`, comma-separated. */
export const faultHeader = 'x-pdg-mock-fault';

const maxLatencyMs = 30_000;

/** Parses the fault header; throws with the accepted forms when a part is not one of them. */
export function parseFaultHeader(value: string): Fault {
  const fault: { -readonly [K in keyof Fault]: Fault[K] } = {};
  for (const part of value
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const [head = '', ...options] = part.split(';').map((text) => text.trim());
    if (/^[45]\d\d$/.test(head)) {
      fault.status = Number(head);
      const refused = undocumentedStatus(fault.status);
      if (refused) throw new Error(refused);
      for (const option of options) {
        const match = /^retry-after=(\d+)$/.exec(option);
        if (!match) throw new Error(`unknown option "${option}" (accepted: retry-after=<seconds>)`);
        fault.retryAfter = Number(match[1]);
      }
    } else if (/^latency=\d+$/.test(head)) {
      fault.latencyMs = Math.min(maxLatencyMs, Number(head.slice('latency='.length)));
    } else if (head === 'malformed') {
      fault.malformed = true;
    } else {
      throw new Error(
        `unknown fault "${part}" (accepted: a 4xx/5xx status the OpenAPI document lists (${documented.join(', ')}) such as 429 or 503, "429;retry-after=2", "latency=<ms>", "malformed")`,
      );
    }
  }
  return fault;
}

/** Faults set on the server, consumed in order by the requests they match. */
export class FaultQueue {
  readonly #faults: { fault: ServerFault; remaining: number }[] = [];

  /** Adds a fault; throws a RangeError for a status the OpenAPI document does not list. */
  add(fault: ServerFault): void {
    const refused = fault.status === undefined ? undefined : undocumentedStatus(fault.status);
    if (refused) throw new RangeError(`Fault status ${refused}.`);
    this.#faults.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.#faults.length = 0;
  }

  /** The first fault that applies to this request, counted as used. */
  take(provider: string, endpoint: string): Fault | undefined {
    if (this.#faults.length === 0) return undefined;
    const entry = this.#faults.find(
      ({ fault, remaining }) =>
        remaining > 0 &&
        (fault.provider === undefined || fault.provider === provider) &&
        (fault.endpoint === undefined || fault.endpoint === endpoint),
    );
    if (!entry) return undefined;
    entry.remaining--;
    return entry.fault;
  }
}
