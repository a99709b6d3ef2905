/**
 * Tool names. The Model Context Protocol and the assistants that call tools accept names matching
 * `^[a-zA-Z0-9_-]{1,64}$`, so a name is built from the provider id and the endpoint name alone (never from
 * which other providers are registered), and stays the same from one release to the next:
 *
 *   `<category>_<provider>_<endpoint>`: `jobs:jobboard` `browse` is `jobs_jobboard_browse`,
 *   `social-media:forum` `hot` is `social-media_forum_hot`.
 *
 * The colon becomes `_`; category, provider and endpoint keep their letters, digits and dashes. Provider ids
 * hold no `_`, so two different endpoints cannot meet on one name; a character outside the rule becomes `_`,
 * and a name longer than 64 characters keeps its first 55 and a hash of the whole, both of which could
 * merge two names, which `toolNames` refuses.
 */

/** What the protocol's clients accept as a tool name. */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

const maxLength = 64;

/** `jobs_jobboard_browse` for `jobs:jobboard` `browse`. */
export function toolName(providerId: string, endpointName: string): string {
  const full = `${providerId.replace(':', '_')}_${endpointName}`.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (full.length <= maxLength) return full;
  return `${full.slice(0, maxLength - 9)}_${hash(`${providerId} ${endpointName}`)}`;
}

/** Eight hex digits (FNV-1a, 32 bits) of the text: stable across runs and runtimes. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, '0');
}

/**
 * The tool name of every endpoint given (each once: the client refuses a provider listed twice); two
 * endpoints that would share a name are refused, naming both.
 */
export function toolNames(endpoints: readonly { readonly provider: string; readonly endpoint: string }[]): string[] {
  const owners = new Map<string, string>();
  return endpoints.map(({ provider, endpoint }) => {
    const name = toolName(provider, endpoint);
    const owner = `${provider} ${endpoint}`;
    const other = owners.get(name);
    if (other !== undefined) {
      throw new TypeError(
        `${other} and ${owner} would both be the tool "${name}": rename one endpoint (tool names keep letters, digits, "_" and "-").`,
      );
    }
    owners.set(name, owner);
    return name;
  });
}
