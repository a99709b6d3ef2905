/**
 * `pdg queue add | work | status | remove`: walks as durable BullMQ jobs (@pdg/queue) from a terminal. `add`
 * puts a walk on the queue (a new run once its last is done) or schedules it (`--every`), `work` runs walks
 * into NDJSON files or a table until interrupted (many can run, on many machines, against one Redis),
 * `status` lists the schedules and the walks by state (and their ledger figures with `--into`), `remove` ends
 * a schedule or takes a waiting walk off. @pdg/queue, BullMQ and the Redis clients are loaded only here.
 */
import type { AnyProvider, Hooks } from '@pdg/core';
import { paramsFromStrings } from '@pdg/core/describe';
import { maskUrlCredentials, pdgEnvironment, usageError } from '@pdg/core/face';
import { checkFlags, integerFlag, type ParsedArgs, rateLimitFlag, suggestion } from '../args.js';
import { loadProvider, loadProviders } from '../catalog.js';
import { flagLines, flagsOf, flagText, queueSubcommands } from '../flags.js';
import { probeRedis } from '../redis-probe.js';
import { paramFlags, runOptions } from '../run-params.js';
import { terminalJson, visible } from '../terminal-text.js';
import { findPagedEndpoint } from './describe.js';
import { workDestination } from './queue-destination.js';
import { ledgerLine, ledgerReader } from './queue-ledger.js';
import { statusJson, statusText } from './queue-status-text.js';

const defaultQueue = 'pdg-walks';

export const queueUsage = `Usage: pdg queue add <provider> <endpoint> [--<param> <value> ...] [--max-items N] [--max-pages N] [--every PERIOD] [--full-refresh] [--redis URL] [--queue NAME]
       pdg queue work --out DIR [--concurrency N] [--lock PERIOD] [--rate-limit R] [--api-key K] [--base-url URL] [--redis URL] [--queue NAME]
       pdg queue work --into TARGET [--concurrency N] [--lock PERIOD] [--rate-limit R] [--api-key K] [--base-url URL] [--redis URL] [--queue NAME]
       pdg queue status [--json] [--into TARGET] [--redis URL] [--queue NAME]
       pdg queue remove <id> [--redis URL] [--queue NAME]

Walks of paged endpoints as durable jobs on Redis (BullMQ), for a fleet of workers on any number of
machines: a worker that dies has its walk taken up by another from the last page delivered, and each page
is written once.
add: puts one walk on the queue and prints its id. A walk still on the queue is not added twice; one that
  ran before gets a new run (walk-…-r2, -r3, ...), said on stderr. pdg queue add ... --every PERIOD runs
  the walk again each period, each run a new job; a period shorter than the endpoint's cache time is
  refused (a faster poll gets the same cached body); the same walk with another period changes its schedule.
work: runs walks until Ctrl-C or SIGTERM (the walk under way goes back to the queue, to resume from there),
  each page into NDJSON files in DIR, or every item once by its key into a table at TARGET (the targets of
  harvest: postgres://… for many workers, duckdb:FILE for one; each walk run a run in the table's ledger,
  incremental as pdg harvest is: a newest-first listing walked until a page it holds unchanged, a since-style
  param sent the stored high-water mark; --full-refresh on add walks everything).
status: the walks waiting, active, stalled (their worker died), done and failed (with why), the items
  delivered, the schedules with their next run, and the walks one a line; given a TARGET, each walk run's
  figures in that table's ledger (requests, pages, inserted, updated, unchanged).
remove: ends the schedule <id> and takes the walk <id> off the queue if it has not started.
Options (those that name a subcommand are of that one only):
${flagLines(flagsOf('queue'))}
Example: pdg queue add jobs:jobboard browse --country SG --limit 50 && pdg queue work --into postgres://localhost/harvest --rate-limit 10/s
         pdg queue add jobs:jobboard browse --country SG --limit 50 --every 1h`;

/** The Redis URL of the queue: --redis, else PDG_REDIS_URL. */
function redisUrlOf(args: ParsedArgs): string {
  if (args.bare.has('redis')) throw usageError('--redis needs a URL, such as --redis redis://127.0.0.1:6379.');
  const url = args.flags.get('redis') ?? pdgEnvironment().PDG_REDIS_URL;
  if (!url) throw usageError('No Redis for the queue: set PDG_REDIS_URL or pass --redis redis://127.0.0.1:6379.');
  if (!/^rediss?:\/\//.test(url)) throw usageError(`--redis must be a redis:// or rediss:// URL (received "${url}").`);
  return url;
}

function queueNameOf(args: ParsedArgs): string {
  if (args.bare.has('queue')) throw usageError('--queue needs a name, such as --queue harvest.');
  const name = args.flags.get('queue') ?? defaultQueue;
  if (!/^[\w.-]+$/.test(name)) {
    throw usageError(`--queue must be letters, digits, "_", "." or "-" (received "${name}").`);
  }
  return name;
}

/** How long Redis has to answer before a command says it is not there. */
const redisAnswerMs = 5000;

/**
 * Fails clearly (exit 1) unless Redis answers at `url` within 5 s: a wrong URL or a port that accepts and
 * never answers would otherwise leave BullMQ reconnecting for ever.
 */
async function requireRedis(url: string): Promise<void> {
  const probe = await probeRedis(url, redisAnswerMs);
  if (!probe.answered)
    throw new Error(
      `No Redis answered at ${maskUrlCredentials(url)} within ${redisAnswerMs / 1000} s: start one (redis-server) or point --redis or PDG_REDIS_URL at yours.`,
    );
  if (probe.error !== undefined)
    throw new Error(
      `Redis at ${maskUrlCredentials(url)} answered "${probe.error}"${/^(NOAUTH|WRONGPASS)/.test(probe.error) ? ': put its user and password in the URL (redis://USER:PASSWORD@host:port) or fix them' : ''}.`,
    );
}

/** The queue, once Redis has answered. */
async function openQueue(url: string, name: string) {
  await requireRedis(url);
  const { Queue } = await import('bullmq');
  const queue = new Queue(name, { connection: { url } });
  queue.on('error', () => undefined);
  return queue;
}

type QueueModule = typeof import('@pdg/queue');

/** `--every PERIOD` in ms, or undefined without it; a period it does not take is a usage error naming the forms. */
function everyOf(args: ParsedArgs, queueModule: QueueModule): number | undefined {
  if (args.bare.has('every')) throw usageError(`--every needs a period: ${queueModule.everyForms}.`);
  const every = args.flags.get('every');
  return every === undefined ? undefined : queueModule.everyMs(every, '--every');
}

/** When a time is, as status and add say it. */
const timeText = (ms: number | undefined) => (ms === undefined ? 'not set' : new Date(ms).toISOString());

/** What `add` did, for stderr: nothing for a plain first run, which prints only its id. */
function addedText(added: Awaited<ReturnType<QueueModule['addWalk']>>, everyText: (ms: number) => string): string {
  switch (added.outcome) {
    case 'added':
      return '';
    case 'already-queued':
      return `this walk is already on the queue (${added.state}) as ${added.id}; not added again.`;
    case 'new-run':
      return `this walk ran before (${added.previous.id}, ${added.previous.state}): added a new run of it, ${added.id}.`;
    case 'scheduled':
      return `${added.id} runs every ${everyText(added.every)}, each run a new job; next run ${timeText(added.next)}.`;
    case 'rescheduled':
      if (added.previousEvery === added.every)
        return `${added.id} still runs every ${everyText(added.every)}, its runs as now asked; next run ${timeText(added.next)}.`;
      return `${added.id} now runs every ${everyText(added.every)} (was ${everyText(added.previousEvery ?? 0)}); next run ${timeText(added.next)}.`;
    case 'already-scheduled':
      return `${added.id} already runs every ${everyText(added.every)}; next run ${timeText(added.next)}; nothing changed.`;
  }
}

/** What `--full-refresh` did: the run added walks every page; a run already queued is left as it was added. */
function fullRefreshText(added: Awaited<ReturnType<QueueModule['addWalk']>>, asked: boolean): string {
  if (!asked) return '';
  if (added.outcome === 'already-queued')
    return '--full-refresh was not applied: it is for a new run, so add the walk again once this one is done.';
  if (added.outcome === 'added' || added.outcome === 'new-run')
    return `${added.id} walks every page, whatever the table it goes into holds (--full-refresh).`;
  return `each run of ${added.id} walks every page, whatever the table it goes into holds (--full-refresh).`;
}

/** `pdg queue add <provider> <endpoint> --<param> value ...`: the walk's id on stdout, what was done on stderr. */
async function add(args: ParsedArgs, write: (text: string) => Promise<void>): Promise<number> {
  const [, , providerId, named, ...extra] = args.positionals;
  if (extra.length > 0) throw usageError(`Unexpected "${extra.join(' ')}": params are given as --name value.`);
  const provider = await loadProvider(providerId);
  // Core's lookup, before Redis is asked anything: a misspelt or unpaged endpoint is a usage error (exit 2).
  const { name: endpointName, definition: endpoint } = findPagedEndpoint(provider, named);
  const ownFlags = flagsOf('queue', 'add');
  const own = new Set(ownFlags.map((flag) => flag.name));
  for (const name of args.flags.keys()) {
    if (runOptions.has(name) && !own.has(name)) {
      throw usageError(
        `--${name} is an option of run, not of queue add: its options are ${ownFlags.map(flagText).join(', ')}, besides the endpoint's params.`,
      );
    }
  }
  const paramArgs = { ...args, flags: new Map([...args.flags].filter(([name]) => !own.has(name))) };
  const params = paramsFromStrings(endpoint, paramFlags(provider.id, endpointName, endpoint, paramArgs));
  // The client's own check of the params, so a walk that could never be sent is refused now, not by a worker.
  const core = await import('@pdg/core');
  core.validateParams({ provider: provider.id, endpoint: endpointName, definition: endpoint, params });
  const maxItems = integerFlag(args.flags, 'max-items');
  const maxPages = integerFlag(args.flags, 'max-pages');
  const queueModule = await import('@pdg/queue');
  // The period and the endpoint's cache time, before Redis is asked anything.
  const every = everyOf(args, queueModule);
  if (every !== undefined) {
    queueModule.checkEveryAgainstCache({ provider: provider.id, endpoint: endpointName }, endpoint, every, '--every');
  }
  const queue = await openQueue(redisUrlOf(args), queueNameOf(args));
  try {
    const walk = {
      provider: provider.id,
      endpoint: endpointName,
      params,
      ...(maxItems === undefined ? {} : { maxItems }),
      ...(maxPages === undefined ? {} : { maxPages }),
    };
    const added = await queueModule.addWalk(queue, walk, {
      providers: [provider],
      ...(args.flags.has('full-refresh') ? { fullRefresh: true } : {}),
      ...(every === undefined ? {} : { every }),
    });
    await write(added.id);
    const said = [addedText(added, queueModule.everyText), fullRefreshText(added, args.flags.has('full-refresh'))]
      .filter(Boolean)
      .join(' ');
    if (said) process.stderr.write(`${visible(`pdg queue: ${said}`)}\n`);
    return 0;
  } finally {
    await queue.close();
  }
}

/** `pdg queue status [--json]`: the counts, the schedules and the walks, then each failed walk and why. */
async function status(args: ParsedArgs, write: (text: string) => Promise<void>): Promise<number> {
  if (args.positionals.length > 2)
    throw usageError(
      `Unexpected "${args.positionals.slice(2).join(' ')}": pdg queue status takes only --json, --into, --redis and --queue.`,
    );
  if (args.bare.has('into')) throw usageError('--into needs the target the workers write into, such as postgres://….');
  const into = args.flags.get('into');
  const readLedger = into === undefined ? undefined : await ledgerReader(into);
  const queue = await openQueue(redisUrlOf(args), queueNameOf(args));
  try {
    const { walkStatus, everyText } = await import('@pdg/queue');
    const found = await walkStatus(queue);
    const now = Date.now();
    const ledger = readLedger ? await readLedger(found.runs.map((run) => run.id)) : undefined;
    // Walk ids, params, failed reasons and ledger errors come from Redis and the store, written from what a
    // gateway said: shown, never obeyed.
    if (args.flags.has('json')) {
      const json = statusJson(found, now, everyText);
      await write(terminalJson(ledger ? { ...json, ledger } : json));
    } else {
      const text = statusText(found, now, everyText);
      await write(visible(ledger ? [text, ...ledger.map(ledgerLine)].join('\n') : text));
    }
    return 0;
  } finally {
    await queue.close();
  }
}

/** `pdg queue remove <id>`: ends the schedule <id>, takes the walk <id> off the queue if it has not started. */
async function remove(args: ParsedArgs, write: (text: string) => Promise<void>): Promise<number> {
  const [, , id, ...extra] = args.positionals;
  if (id === undefined) {
    throw usageError('pdg queue remove needs the id of a schedule or a walk: pdg queue status lists them.');
  }
  if (extra.length > 0) throw usageError(`Unexpected "${extra.join(' ')}": pdg queue remove takes one id.`);
  const queue = await openQueue(redisUrlOf(args), queueNameOf(args));
  try {
    const { removeWalk, everyText } = await import('@pdg/queue');
    const removed = await removeWalk(queue, id);
    const lines = [
      ...(removed.schedule
        ? [
            `ended schedule ${removed.schedule.id}${removed.schedule.every ? ` (every ${everyText(removed.schedule.every)})` : ''}`,
          ]
        : []),
      ...removed.removed.map((run) => `removed waiting walk ${run}`),
    ];
    if (lines.length > 0) await write(visible(lines.join('\n')));
    // A run left is said when nothing else was done, or when it is under way (a schedule ended does not stop it).
    if (removed.kept && (lines.length === 0 || removed.kept.state === 'active')) {
      const { id: kept, state } = removed.kept;
      const left = `pdg queue: ${kept} is ${state === 'completed' ? 'done' : state}: only schedules and walks that have not started are removed.`;
      process.stderr.write(`${visible(left)}\n`);
    }
    return lines.length > 0 ? 0 : 1;
  } finally {
    await queue.close();
  }
}

/** The client a worker walks with: every provider the CLI ships, the key, and the shared limit when asked. */
interface WorkSetup {
  readonly providers: readonly AnyProvider[];
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly redisUrl: string;
  readonly queueName: string;
  readonly limit: ReturnType<typeof rateLimitFlag>;
}

/** A node-redis client for the shared rate limit, as core's README sets it up (no offline queue, errors handled). */
async function rateLimitRedis(url: string) {
  const { createClient } = await import('redis');
  const redis = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: redisAnswerMs } });
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

async function workClient(setup: WorkSetup, hooks: readonly Hooks[]) {
  const core = await import('@pdg/core');
  const redis = setup.limit ? await rateLimitRedis(setup.redisUrl) : undefined;
  const { createRateLimit } = await import('@pdg/core/rate-limit');
  const client = core.createClient({
    providers: setup.providers,
    apiKey: setup.apiKey,
    baseUrl: setup.baseUrl,
    hooks,
    ...(setup.limit && redis
      ? {
          rateLimit: createRateLimit({
            points: setup.limit.requests,
            durationSeconds: setup.limit.windowMs / 1000,
            redis,
            name: `pdg-queue:${setup.queueName}`,
            onStoreError: (event) =>
              process.stderr.write(`pdg queue: Redis, ${event.layer}: ${visible(event.message)}\n`),
          }),
        }
      : {}),
  });
  const close = async () => {
    if (redis?.isReady) await redis.quit();
    else redis?.destroy();
  };
  return { client, close };
}

/**
 * A usage error when `pdg queue work` is given no gateway to call, naming only what exists for it: the
 * worker calls the gateway itself and has no --mock, but it can call the mock gateway `pdg mock` serves.
 */
function requireGateway(args: ParsedArgs): void {
  const environment = pdgEnvironment();
  const local = 'to try it locally, pass as --base-url the URL that `pdg mock` prints in another terminal';
  if (!(args.flags.get('api-key') ?? environment.PDG_API_KEY)) {
    throw usageError(`No API key: set PDG_API_KEY or pass --api-key (${local}, with any key).`);
  }
  if (!(args.flags.get('base-url') ?? environment.PDG_BASE_URL)) {
    throw usageError(`No gateway URL: set PDG_BASE_URL or pass --base-url (${local}).`);
  }
}

/** The shortest --lock: a worker renews its hold every half of it, and a busier one could miss that and lose its walk. */
const shortestLockMs = 5000;

/** `--lock PERIOD` in milliseconds, or undefined for BullMQ's 30 s. */
async function lockMsOf(args: ParsedArgs): Promise<number | undefined> {
  if (args.bare.has('lock')) throw usageError('--lock needs a period, such as --lock 10s (the default is 30s).');
  const text = args.flags.get('lock');
  if (text === undefined) return undefined;
  const ms = (await import('@pdg/queue')).everyMs(text, '--lock');
  if (ms < shortestLockMs) {
    throw usageError(
      `--lock must be at least 5s (received ${text}): a worker renews its hold every half of it, and one that misses a renewal loses its walk to another.`,
    );
  }
  return ms;
}

/** `pdg queue work`: runs walks until SIGINT or SIGTERM, a line on stderr per walk done or failed. */
async function work(
  args: ParsedArgs,
  access: (args: ParsedArgs) => { apiKey: string; baseUrl: string },
): Promise<number> {
  if (args.positionals.length > 2)
    throw usageError(
      `Unexpected "${args.positionals.slice(2).join(' ')}": pdg queue work takes only options (pdg queue --help).`,
    );
  const destination = await workDestination(args);
  const concurrency = integerFlag(args.flags, 'concurrency', { min: 1, max: 1000 }) ?? 1;
  const lockMs = await lockMsOf(args);
  requireGateway(args);
  const setup: WorkSetup = {
    providers: await loadProviders(),
    ...access(args),
    redisUrl: redisUrlOf(args),
    queueName: queueNameOf(args),
    limit: rateLimitFlag(args),
  };
  // Redis must answer before the worker starts: a wrong URL is said at once.
  await (await openQueue(setup.redisUrl, setup.queueName)).close();
  const [{ createWalkWorker }, { client, close }] = await Promise.all([
    import('@pdg/queue'),
    workClient(setup, destination.hooks),
  ]);
  const opened = await destination.open(client).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const walkWorker = createWalkWorker({
    client,
    connection: { url: setup.redisUrl },
    queueName: setup.queueName,
    sink: opened.sink,
    concurrency,
    onError: (error) => process.stderr.write(`pdg queue: ${visible(error.message)}\n`),
    // BullMQ's stalled-job check runs as often as a hold lasts: a dead worker's walk waits one hold, and at most one check.
    ...(lockMs === undefined ? {} : { workerOptions: { lockDuration: lockMs, stalledInterval: lockMs } }),
  });
  // Job ids come from Redis and failures from a gateway: every line passes the terminal escaping `pdg run` uses.
  walkWorker.worker.on('completed', (job, progress) =>
    process.stderr.write(
      `${visible(`pdg queue: done ${job.id}: ${progress.delivered} items in ${progress.pageIndex} pages`)}\n`,
    ),
  );
  walkWorker.worker.on('failed', (job, error) =>
    process.stderr.write(`${visible(`pdg queue: failed ${job?.id}: ${error.message}`)}\n`),
  );
  process.stderr.write(
    `pdg queue: working on ${setup.queueName} (${concurrency} at once), ${destination.shown}; Ctrl-C stops.\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  process.stderr.write('pdg queue: stopping after the pages under way\n');
  await walkWorker.close();
  await opened.close();
  await close();
  return 0;
}

/** `pdg queue <add|work|status|remove>`. */
export async function queueCommand(
  args: ParsedArgs,
  write: (text: string) => Promise<void>,
  access: (args: ParsedArgs) => { apiKey: string; baseUrl: string },
): Promise<number> {
  const sub = args.positionals[1];
  if (sub === undefined || !(queueSubcommands as readonly string[]).includes(sub)) {
    const close = sub === undefined ? '' : suggestion(sub, queueSubcommands);
    throw usageError(
      `${sub === undefined ? 'Name' : `Unknown queue command "${sub}".${close} Name`} one: pdg queue add | work | status | remove (pdg queue --help).`,
    );
  }
  const name = sub as (typeof queueSubcommands)[number];
  if (name !== 'add') checkFlags(`queue ${name}`, flagsOf('queue', name), args);
  if (name === 'add') return add(args, write);
  if (name === 'status') return status(args, write);
  if (name === 'remove') return remove(args, write);
  return work(args, access);
}
