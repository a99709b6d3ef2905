/** `pdg mock`: the mock gateway, serving every provider's fixtures until interrupted. */
import { usageError } from '@pdg/core/face';
import type { RunningMockGateway } from '@pdg/mock';
import { checkFlags, integerFlag, type ParsedArgs, rateLimitFlag } from '../args.js';
import { fixturesOf, loadProviders } from '../catalog.js';
import { flagSentence, flagsOf } from '../flags.js';
import { interrupted, listenFailure, mockDocs, startMock } from '../gateway-access.js';
import { pdgCommand } from '../io.js';

export async function mockCommand(args: ParsedArgs): Promise<number> {
  const [, ...extra] = args.positionals;
  if (extra.length > 0) {
    throw usageError(`Unexpected "${extra.join(' ')}": pdg mock takes only ${flagSentence(flagsOf('mock'))}.`);
  }
  checkFlags('mock', flagsOf('mock'), args);
  const port = integerFlag(args.flags, 'port', { max: 65_535 }) ?? 4010;
  const host = args.flags.get('host') ?? '127.0.0.1';
  const rateLimit = rateLimitFlag(args);
  const providers = await loadProviders();
  let gateway: RunningMockGateway;
  try {
    gateway = await startMock({
      providers,
      fixtures: await fixturesOf(providers),
      port,
      host,
      ...(rateLimit ? { rateLimit: { requests: rateLimit.requests, windowMs: rateLimit.windowMs } } : {}),
      docs: mockDocs,
    });
  } catch (error) {
    const reason = listenFailure(error, host, port);
    if (!reason) throw error;
    process.stderr.write(`pdg: ${reason}\n`);
    return 1;
  }
  process.stderr.write(
    `pdg mock gateway: ${gateway.url} (any non-empty x-api-key)\n` +
      `  serving ${providers.map((provider) => provider.id).join(', ')}\n` +
      `  API reference: ${gateway.url}/docs/ (try any endpoint in the browser)\n` +
      (rateLimit ? `  rate limit: ${rateLimit.text} per API key; past it: 429 with Retry-After\n` : '') +
      `  try: PDG_BASE_URL=${gateway.url} PDG_API_KEY=any ${pdgCommand()} run music:catalogstore search --q "velvet orbit" --limit 3\n` +
      '  Ctrl-C stops it.\n',
  );
  await interrupted();
  await gateway.close();
  return 0;
}
