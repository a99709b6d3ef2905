// The bench's gateway in a process of its own, as the mock gateway runs: the listing of `argv[2]` jobs, each
// answer after `argv[3]` ms, served on loopback; its URL sent to the parent once it listens, and the requests
// answered so far on each `requests` message, until `close`. Its CPU is not the walk's.
import { jobs, startListingGateway } from '../test/listing-gateway.ts';

const gateway = await startListingGateway(jobs(Number(process.argv[2])), { latencyMs: Number(process.argv[3] ?? 0) });
process.on('message', async (message) => {
  if (message === 'requests') process.send?.({ requests: gateway.requests });
  else if (message === 'close') {
    await gateway.close();
    process.disconnect();
  }
});
// The parent gone without a word (killed): this process ends too.
process.on('disconnect', () => process.exit(0));
process.send?.({ url: gateway.url });
