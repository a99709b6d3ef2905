// One worker process of the store's fleet test: `node test/fleet-worker.ts '<json setup>'`. A walk worker of
// `@pdg/queue` whose sink is `storeSink` into PostgreSQL (the built package), over the mock gateway. It prints
// one JSON line per event: `{ ready }`, `{ page }` after each page the store took; on SIGTERM it closes (its
// walk goes back to the queue), closes the store and exits with 0.
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { createWalkWorker } from '@pdg/queue';
import { openStore, parseTarget, requestIdRecorder, storeSink } from '../dist/index.js';

interface Setup {
  readonly baseUrl: string;
  readonly redisUrl: string;
  readonly queueName: string;
  readonly postgresUrl: string;
}

const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

// Each page's request id, heard through the client's hooks, goes into its rows.
const requestIds = requestIdRecorder();
const client = createClient({
  providers: [jobboard],
  apiKey: 'store-fleet-key-2c4d',
  baseUrl: setup.baseUrl,
  hooks: [requestIds.hooks],
});
const store = await openStore(parseTarget(setup.postgresUrl));
const sink = storeSink(store, client, { requestIds });
const walkWorker = createWalkWorker({
  client,
  connection: { url: setup.redisUrl },
  queueName: setup.queueName,
  sink: {
    write: async (page) => {
      await sink.write(page);
      print({ page: { walkId: page.walkId, pageIndex: page.pageIndex } });
    },
    finish: sink.finish,
  },
  onError: (error) => print({ error: error.message }),
  // A killed worker's walk is taken up within seconds, not BullMQ's default half minute.
  workerOptions: { lockDuration: 4000, stalledInterval: 1500 },
});

process.once('SIGTERM', async () => {
  await walkWorker.close();
  await store.close();
  process.exit(0);
});
await walkWorker.worker.waitUntilReady();
print({ ready: true });
