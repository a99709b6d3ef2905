/**
 * `pdg harvest <provider> <endpoint> [--<param> value ...] [--into TARGET]`: a paged endpoint walked into a
 * table (DuckDB by default, PostgreSQL, Parquet) by `@pdg/store`. In steps: read the request and the target
 * (a bad one is exit 2, nothing sent), build the client (with --mock, against the mock gateway), open the
 * store, harvest with a progress line on stderr, then the summary (with --json, as stdout's last line).
 * `@pdg/store` and its database driver are loaded only here, so the other commands never load them.
 */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { paramsFromStrings } from '@pdg/core/describe';
import { usageError } from '@pdg/core/face';
import type { RunningMockGateway } from '@pdg/mock';
import type { HarvestProgress, HarvestSummary, StoreTarget } from '@pdg/store';
import { integerFlag, type ParsedArgs } from '../args.js';
import { fixturesOf, loadProvider } from '../catalog.js';
import { flagsOf } from '../flags.js';
import { gatewayAccess, loadCore, startMock } from '../gateway-access.js';
import { watchInterrupts } from '../interrupts.js';
import { write } from '../io.js';
import { paramFlags } from '../run-params.js';
import { findEndpoint } from './describe.js';

/** The flags of harvest that are not params of the endpoint. */
const harvestOptions: ReadonlySet<string> = new Set(flagsOf('harvest').map((flag) => flag.name));

/** Milliseconds between two progress lines. */
const progressEveryMs = 1_500;

interface HarvestRequest {
  readonly provider: AnyProvider;
  readonly endpointName: string;
  readonly endpoint: EndpointDefinition;
  readonly params: Record<string, unknown>;
  readonly target: StoreTarget;
  readonly maxItems: number | undefined;
  readonly progress: (line: string) => void;
}

export async function harvestCommand(args: ParsedArgs): Promise<number> {
  const store = await import('@pdg/store');
  const request = await readRequest(args, store);
  const core = await loadCore();
  const interruption = watchInterrupts();
  let mock: RunningMockGateway | undefined;
  try {
    if (args.flags.has('mock'))
      mock = await startMock({ providers: [request.provider], fixtures: await fixturesOf([request.provider]) });
    const { apiKey, baseUrl } = gatewayAccess(args, mock);
    const requestIds = store.requestIdRecorder();
    const timeout = integerFlag(args.flags, 'timeout', { min: 1, max: 2_147_483_647 });
    const client = core.createClient({
      providers: [request.provider],
      apiKey,
      baseUrl,
      hooks: [requestIds.hooks],
      ...(timeout === undefined ? {} : { timeout }),
    });
    const opened = await store.openStore(request.target);
    try {
      const summary = await store.harvest(
        client,
        { provider: request.provider.id, endpoint: request.endpointName, params: request.params },
        opened,
        {
          requestIds,
          fullRefresh: args.flags.has('full-refresh'),
          deleteStale: args.flags.has('delete-stale'),
          signal: interruption.signal,
          onProgress: progressLines(request.progress),
          ...(request.maxItems === undefined ? {} : { maxItems: request.maxItems }),
        },
      );
      request.progress(summaryLine(summary));
      if (summary.status === 'interrupted') request.progress(interruptedLine(interruption.received));
      if (args.flags.has('json')) await write(process.stdout, JSON.stringify(jsonSummary(summary)));
      return summary.status === 'interrupted' ? interruption.exitCode || 130 : 0;
    } finally {
      await opened.close();
    }
  } catch (error) {
    if (interruption.received !== undefined) {
      request.progress(interruptedLine(interruption.received));
      return interruption.exitCode;
    }
    throw error;
  } finally {
    interruption.stop();
    await mock?.close();
  }
}

/** The provider, endpoint, params and target, checked before anything is loaded or sent. */
async function readRequest(args: ParsedArgs, store: typeof import('@pdg/store')): Promise<HarvestRequest> {
  const [, providerId, endpointName, ...extra] = args.positionals;
  const provider = await loadProvider(providerId);
  const endpoint = findEndpoint(provider, endpointName);
  const name = endpointName as string;
  if (extra.length > 0) throw usageError(`Unexpected "${extra.join(' ')}": params are given as --name value.`);
  if (args.bare.has('into')) throw usageError('--into needs a target: duckdb:FILE, postgres://… or parquet:DIR.');
  let target: StoreTarget;
  try {
    target = store.parseTarget(args.flags.get('into'));
  } catch (error) {
    throw usageError((error as Error).message);
  }
  if (!endpoint.paging) {
    const paged = Object.entries(provider.endpoints)
      .filter(([, definition]) => definition.paging)
      .map(([key]) => key);
    throw usageError(
      `${provider.id} ${name} does not page, so there is nothing to harvest into a table: pdg harvest takes a paged endpoint${paged.length > 0 ? ` (${provider.id} has ${paged.join(', ')})` : ` (${provider.id} has none)`}; pdg run calls it once.`,
    );
  }
  const raw = paramFlags(provider.id, name, endpoint, args, { options: harvestOptions, command: 'harvest' });
  const params = paramsFromStrings(endpoint, raw) as Record<string, unknown>;
  const maxItems = integerFlag(args.flags, 'max-items');
  const progress = (line: string) => {
    if (!args.flags.has('quiet')) process.stderr.write(`${line}\n`);
  };
  return { provider, endpointName: name, endpoint, params, target, maxItems, progress };
}

/** A progress line at most every `progressEveryMs`: pages, items, inserted, updated, requests per second. */
function progressLines(progress: (line: string) => void): (figures: HarvestProgress) => void {
  let last = Date.now();
  return (figures) => {
    const now = Date.now();
    if (now - last < progressEveryMs) return;
    last = now;
    const rate = figures.elapsedMs > 0 ? (figures.requests / figures.elapsedMs) * 1000 : 0;
    progress(
      `harvest: ${figures.pages} pages, ${figures.items} items, ${figures.inserted} inserted, ${figures.updated} updated, ${rate.toFixed(1)} requests/s`,
    );
  };
}

function interruptedLine(signal: string | undefined): string {
  return `interrupted${signal === undefined ? '' : ` by ${signal}`}: the next harvest goes on from the last page stored`;
}

function summaryLine(summary: HarvestSummary): string {
  return `${summary.status === 'completed' ? 'done' : summary.status}: ${summary.table} in ${summary.target}, run ${summary.runId}: ${summary.requests} requests, ${summary.pages} pages, ${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.removed} removed; ${summary.rows} rows (mode ${summary.mode}: ${summary.modeReason})`;
}

/** The summary `--json` prints: the issue's fields first, then the rest. */
function jsonSummary(summary: HarvestSummary): Record<string, unknown> {
  const { table, runId, mode, requests, pages, inserted, updated, unchanged, rows, ...rest } = summary;
  return { table, runId, mode, requests, pages, inserted, updated, unchanged, rows, ...rest };
}
