/** `pdg openapi [provider...]` and `pdg docs [provider...]`: the reference, as a document or a site. */
import { pdgEnvironment, usageError } from '@pdg/core/face';
import { checkFlags, type ParsedArgs } from '../args.js';
import { fixturesOf, loadProviders } from '../catalog.js';
import { flagsOf } from '../flags.js';
import { write } from '../io.js';

/** `pdg openapi [provider...]`: the document on stdout. @pdg/openapi is loaded only here. */
export async function openApiCommand(args: ParsedArgs): Promise<number> {
  checkFlags('openapi', flagsOf('openapi'), args);
  if (args.bare.has('server-url')) throw usageError('--server-url takes a URL: --server-url https://…');
  const ids = args.positionals.slice(1);
  const selected = await loadProviders(ids.length === 0 ? undefined : ids);
  const given = args.flags.get('server-url');
  const serverUrl = given ?? (pdgEnvironment().PDG_BASE_URL || undefined);
  const { toOpenApi } = await import('@pdg/openapi');
  let document: ReturnType<typeof toOpenApi>;
  try {
    // The fixtures are the document's examples: every operation shows params and a response the mock answers.
    const fixtures = await fixturesOf(selected);
    document = toOpenApi(selected, { fixtures, ...(serverUrl === undefined ? {} : { serverUrl }) });
  } catch (error) {
    throw serverUrlError(error, given);
  }
  await write(process.stdout, JSON.stringify(document, null, args.flags.has('compact') ? undefined : 2));
  return 0;
}

/** `pdg docs [provider...] [--out DIR]`: the reference site as static files. @pdg/docs is loaded only here. */
export async function docsCommand(args: ParsedArgs): Promise<number> {
  checkFlags('docs', flagsOf('docs'), args);
  if (args.bare.has('out')) throw usageError('--out takes a folder: --out site');
  if (args.bare.has('server-url')) throw usageError('--server-url takes a URL: --server-url https://…');
  const ids = [...new Set(args.positionals.slice(1))];
  const selected = await loadProviders(ids.length === 0 ? undefined : ids);
  const given = args.flags.get('server-url');
  const serverUrl = given ?? (pdgEnvironment().PDG_BASE_URL || undefined);
  const out = args.flags.get('out') ?? 'pdg-docs';
  const { docsSite } = await import('@pdg/docs');
  const site = docsSite({
    providers: selected,
    fixtures: await fixturesOf(selected),
    ...(serverUrl === undefined ? {} : { serverUrl }),
  });
  let written: string[];
  try {
    written = await site.write(out);
  } catch (error) {
    throw serverUrlError(error, given);
  }
  const endpoints = selected.reduce((sum, provider) => sum + Object.keys(provider.endpoints).length, 0);
  process.stderr.write(
    `pdg docs: ${written.length} files in ${out}/ (${endpoints} endpoints of ${selected.length} providers); ` +
      `open ${out}/index.html through a web server, such as: npx http-server ${out}\n`,
  );
  return 0;
}

/** A server URL it cannot use is the caller's to fix: a usage error naming where the URL came from. */
function serverUrlError(error: unknown, given: string | undefined): unknown {
  if (error instanceof TypeError && error.message.startsWith('serverUrl ')) {
    return usageError(error.message.replace(/^serverUrl/, given === undefined ? 'PDG_BASE_URL' : '--server-url'));
  }
  return error;
}
