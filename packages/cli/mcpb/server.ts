/**
 * The server of the MCP bundle (`pdg.mcpb`): `pdg mcp` over stdio with every provider the CLI ships with,
 * bundled into one file by scripts/mcpb.mjs. The bundle's manifest passes the user's settings as
 * environment variables: PDG_API_KEY, PDG_BASE_URL and PDG_MCP_TOOLSET (`catalog`, `code` or `endpoints`).
 */
import { serveStdio } from '@pdg/mcp';
import { providerPackages } from '../src/providers.js';

const toolsets = ['catalog', 'code', 'endpoints'] as const;
const chosen = process.env.PDG_MCP_TOOLSET?.trim() || 'catalog';
if (!(toolsets as readonly string[]).includes(chosen)) {
  process.stderr.write(`pdg bundle: PDG_MCP_TOOLSET must be one of ${toolsets.join(', ')} (received "${chosen}").\n`);
  process.exit(2);
}
const providers = await Promise.all(providerPackages.map((provider) => provider.load()));
try {
  const running = await serveStdio({ providers, toolset: chosen as (typeof toolsets)[number] });
  process.stderr.write(`pdg bundle: ${providers.length} providers, toolset ${chosen}, over stdio.\n`);
  await running.closed;
} catch (error) {
  process.stderr.write(`pdg bundle: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
