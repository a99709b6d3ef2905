// Four worker processes, one API key, one Redis: they share a response cache and a rate limit of 10
// requests a second. The mock gateway here enforces that same limit (429 past it), and this process
// reports what reached it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { createClient as createRedisClient } from 'redis';

const redisUrl = process.env.PDG_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = createRedisClient({ url: redisUrl, socket: { connectTimeout: 2000, reconnectStrategy: false } });
probe.on('error', () => undefined);
// A port that accepts and never answers would keep connect() waiting: give it 3 s.
const silent = Symbol('no answer');
let timer: NodeJS.Timeout | undefined;
try {
  const connected = probe.connect();
  connected.catch(() => undefined);
  const answer = await Promise.race([
    connected,
    new Promise<typeof silent>((resolve) => {
      timer = setTimeout(() => resolve(silent), 3000);
    }),
  ]);
  if (answer === silent) throw new Error('no answer within 3 s');
  await probe.quit();
} catch (error) {
  if (probe.isOpen) probe.destroy();
  console.error(
    `No Redis at ${redisUrl} (${(error as { code?: string }).code ?? (error as Error).message}). Start one with\n` +
      `  redis-server --port 6379 --save ''\n` +
      '  or: docker run --rm -p 6379:6379 redis\n' +
      'or point PDG_REDIS_URL at yours, then run this again.',
  );
  process.exit(1);
} finally {
  clearTimeout(timer);
}

const arrivals: number[] = [];
const gateway = await startMockGateway({
  providers: [jobboard],
  fixtures,
  rateLimit: { requests: 10, windowMs: 1000 },
  onRequest: ({ receivedAt }) => void arrivals.push(receivedAt),
});
// A name of its own for this run's cache and limit, so a second run starts cold.
const fleet = `fleet-${Date.now()}`;
console.log(`Mock gateway at ${gateway.url} (10 requests a second per key, then 429); Redis at ${redisUrl}`);

const worker = fileURLToPath(new URL('./worker.js', import.meta.url));
const started = Date.now();
const reports = await Promise.all(
  [1, 2, 3, 4].map(
    (n) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const child = spawn(process.execPath, [worker], {
          env: {
            ...process.env,
            PDG_BASE_URL: gateway.url,
            PDG_API_KEY: 'fleet-demo-key',
            REDIS_URL: redisUrl,
            FLEET: fleet,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${n} exited with ${code}`)),
        );
      }),
  ),
);
await gateway.close();

const total = (name: string) => reports.reduce((sum, report) => sum + (report[name] ?? 0), 0);
const perSecond = new Map<number, number>();
for (const at of arrivals) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
const busiest = Math.max(0, ...perSecond.values());

console.log(`4 workers made 40 calls in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
console.log(`The gateway received ${arrivals.length} requests; the busiest second held ${busiest} (limit 10).`);
console.log(`429s received: ${total('refused')}; errors: ${total('errors')}.`);
console.log(
  `Redis outages the workers met: ${total('outages')} (each layer of each worker tells one once; calls go on).`,
);
console.log(
  `Cache across the fleet: ${total('hit')} hits, ${total('dedupe')} shared in flight, ${total('miss')} misses; ` +
    `${total('fresh')} calls asked for a fresh answer (cache: false).`,
);
console.log(`Time spent queued for the rate limit, all workers: ${(total('queuedMs') / 1000).toFixed(1)} s.`);
