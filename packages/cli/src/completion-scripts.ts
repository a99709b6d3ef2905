/**
 * `pdg completion bash|zsh|fish`: a completion script generated from the registered definitions, so it
 * completes commands, provider ids, endpoint names, `--<param>` names and enum values with no call back
 * into pdg while typing.
 */

import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { describeParams } from '@pdg/core/describe';
import { usageError } from '@pdg/core/face';
import { type CommandName, commands, type Flag, flagsOf, queueSubcommands } from './flags.js';

export const shells = ['bash', 'zsh', 'fish'] as const;

/** A command's flags as a shell completes them: `--port --host ... --help`. */
const optionWords = (command: CommandName) => [...flagsOf(command).map((flag) => `--${flag.name}`), '--help'].join(' ');

/** The flags of a command that take a value, as a bash test: `[[ "$prev" == --port || ... ]]`. */
function takesValue(command: CommandName): string {
  const valued = flagsOf(command).filter((flag) => flag.value !== undefined);
  if (valued.length === 0) return 'false';
  return `[[ ${valued.map((flag) => `"$prev" == --${flag.name}`).join(' || ')} ]]`;
}

interface Param {
  readonly name: string;
  readonly values: readonly string[];
  readonly boolean: boolean;
}

interface Table {
  readonly providers: readonly string[];
  readonly endpoints: ReadonlyMap<string, readonly string[]>;
  /** `provider endpoint` to its params. */
  readonly params: ReadonlyMap<string, readonly Param[]>;
}

function tableOf(providers: readonly AnyProvider[]): Table {
  const endpoints = new Map<string, string[]>();
  const params = new Map<string, Param[]>();
  for (const provider of providers) {
    endpoints.set(provider.id, Object.keys(provider.endpoints));
    for (const [name, endpoint] of Object.entries(provider.endpoints) as [string, EndpointDefinition][]) {
      if (endpoint.undocumented) continue;
      params.set(
        `${provider.id} ${name}`,
        describeParams(endpoint).map((param) => ({
          name: param.name,
          values: (param.values ?? []).map(String),
          boolean: param.type === 'boolean',
        })),
      );
    }
  }
  return { providers: providers.map((provider) => provider.id), endpoints, params };
}

/** Shell words are ids, names and enum values: letters, digits, `:._-/`. Anything else is left out. */
const safe = (word: string) => /^[\w:./-]+$/.test(word);
const words = (list: readonly string[]) => list.filter(safe).join(' ');

export function completionScript(shell: string | undefined, providers: readonly AnyProvider[]): string {
  const table = tableOf(providers);
  if (shell === 'bash') return bashScript(table);
  if (shell === 'zsh') return zshScript(table);
  if (shell === 'fish') return fishScript(table);
  throw usageError(
    `${shell === undefined ? 'Name a shell' : `Unknown shell "${shell}"`}: pdg completion bash|zsh|fish.`,
  );
}

function bashFunctions(table: Table): string {
  const endpointCases = [...table.endpoints]
    .map(([provider, names]) => `    ${provider}) echo "${words(names)}" ;;`)
    .join('\n');
  const paramCases = [...table.params]
    .map(([key, params]) => `    "${key}") echo "${words(params.map((param) => `--${param.name}`))}" ;;`)
    .join('\n');
  const valueCases = [...table.params]
    .flatMap(([key, params]) =>
      params
        .filter((param) => param.values.length > 0 || param.boolean)
        .map((param) => `    "${key} ${param.name}") echo "${param.boolean ? 'true false' : words(param.values)}" ;;`),
    )
    .join('\n');
  return `_pdg_endpoints() {
  case "$1" in
${endpointCases}
  esac
}
_pdg_params() {
  case "$1 $2" in
${paramCases}
  esac
}
_pdg_values() {
  case "$1 $2 $3" in
${valueCases}
  esac
}
_pdg() {
  # Words from the line itself: bash splits "jobs:jobboard" at the colon in COMP_WORDS.
  local line="\${COMP_LINE:0:COMP_POINT}"
  local -a w
  read -r -a w <<< "$line"
  local cur=""
  [[ "$line" == *" " ]] || { cur="\${w[\${#w[@]}-1]}"; unset 'w[\${#w[@]}-1]'; }
  local n=\${#w[@]} prev="\${w[\${#w[@]}-1]}" candidates=""
  if (( n == 1 )); then
    candidates="${commands.join(' ')}"
  else
    case "\${w[1]}" in
      run|describe)
        if (( n == 2 )); then candidates="${words(table.providers)}"
        elif (( n == 3 )); then candidates="$(_pdg_endpoints "\${w[2]}")"
        elif [[ "\${w[1]}" == run ]]; then
          local values=""
          [[ "$prev" == --* ]] && values="$(_pdg_values "\${w[2]}" "\${w[3]}" "\${prev#--}")"
          if [[ -n "$values" ]]; then candidates="$values"
          else candidates="$(_pdg_params "\${w[2]}" "\${w[3]}") ${optionWords('run')}"
          fi
        fi ;;
      harvest)
        if (( n == 2 )); then candidates="${words(table.providers)}"
        elif (( n == 3 )); then candidates="$(_pdg_endpoints "\${w[2]}")"
        elif ! ${takesValue('harvest')}; then candidates="$(_pdg_params "\${w[2]}" "\${w[3]}") ${optionWords('harvest')}"
        fi ;;
      help) (( n == 2 )) && candidates="${commands.join(' ')}" ;;
      completion) (( n == 2 )) && candidates="${shells.join(' ')}" ;;
      mock) ${takesValue('mock')} || candidates="${optionWords('mock')}" ;;
      openapi) ${takesValue('openapi')} || candidates="${words(table.providers)} ${optionWords('openapi')}" ;;
      docs) ${takesValue('docs')} || candidates="${words(table.providers)} ${optionWords('docs')}" ;;
      queue)
        if (( n == 2 )); then candidates="${queueSubcommands.join(' ')}"
        elif [[ "\${w[2]}" == add ]] && (( n == 3 )); then candidates="${words(table.providers)}"
        elif [[ "\${w[2]}" == add ]] && (( n == 4 )); then candidates="$(_pdg_endpoints "\${w[3]}")"
        elif ! ${takesValue('queue')}; then candidates="${optionWords('queue')}"
        fi ;;
      mcp)
        if [[ "$prev" == --providers ]]; then candidates="${words(table.providers)}"
        elif ! ${takesValue('mcp')}; then candidates="${optionWords('mcp')}"
        fi ;;
    esac
  fi
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
  # Bash replaces only the part of the word after its last colon.
  if [[ "$cur" == *:* ]]; then
    local prefix="\${cur%"\${cur##*:}"}"
    local i
    for i in "\${!COMPREPLY[@]}"; do COMPREPLY[$i]="\${COMPREPLY[$i]#"$prefix"}"; done
  fi
}`;
}

function bashScript(table: Table): string {
  return `# pdg completion for bash. Load it in this shell with:  source <(pdg completion bash)
# or for every shell:  pdg completion bash > ~/.local/share/bash-completion/completions/pdg
${bashFunctions(table)}
complete -F _pdg pdg
`;
}

function zshScript(table: Table): string {
  return `#compdef pdg
# pdg completion for zsh. Load it with:  source <(pdg completion zsh)   (in ~/.zshrc, after compinit)
autoload -U +X bashcompinit && bashcompinit
${bashFunctions(table)}
complete -F _pdg pdg
`;
}

function fishScript(table: Table): string {
  const lines = [
    '# pdg completion for fish. Load it with:  pdg completion fish | source',
    '# or for every shell:  pdg completion fish > ~/.config/fish/completions/pdg.fish',
    'function __pdg_words; commandline -opc; end',
    'function __pdg_nth; set -l w (__pdg_words); test (count $w) -eq $argv[1]; and contains -- "$w[2]" $argv[2..-1]; end',
    'function __pdg_endpoint_of; set -l w (__pdg_words); test (count $w) -eq 3; and contains -- "$w[2]" run describe harvest; and test "$w[3]" = $argv[1]; end',
    'function __pdg_run; set -l w (__pdg_words); test (count $w) -ge 4; and test "$w[2]" = run; and test "$w[3]" = $argv[1]; and test "$w[4]" = $argv[2]; end',
    'complete -c pdg -f',
    `complete -c pdg -n 'test (count (__pdg_words)) -eq 1' -a '${commands.join(' ')}'`,
    `complete -c pdg -n '__pdg_nth 2 run describe harvest' -a '${words(table.providers)}'`,
    `complete -c pdg -n '__pdg_nth 2 help' -a '${commands.join(' ')}'`,
    `complete -c pdg -n '__pdg_nth 2 completion' -a '${shells.join(' ')}'`,
    `complete -c pdg -n '__fish_seen_subcommand_from openapi docs' -a '${words(table.providers)}'`,
    `complete -c pdg -n '__pdg_nth 2 queue' -a '${queueSubcommands.join(' ')}'`,
    ...(['run', 'harvest', 'mock', 'openapi', 'docs', 'mcp', 'queue'] as const).flatMap((command) =>
      flagsOf(command).map((flag) => fishFlag(command, flag, table)),
    ),
  ];
  for (const [provider, names] of table.endpoints) {
    lines.push(`complete -c pdg -n '__pdg_endpoint_of ${provider}' -a '${words(names)}'`);
  }
  for (const [key, params] of table.params) {
    const [provider, endpoint] = key.split(' ') as [string, string];
    for (const param of params) {
      if (!safe(param.name)) continue;
      const condition = `-n '__pdg_run ${provider} ${endpoint}'`;
      if (param.boolean) lines.push(`complete -c pdg ${condition} -l ${param.name}`);
      else if (param.values.length > 0)
        lines.push(`complete -c pdg ${condition} -l ${param.name} -x -a '${words(param.values)}'`);
      else lines.push(`complete -c pdg ${condition} -l ${param.name} -x`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One flag of a command for fish: a switch, a value (`-x`, with provider ids where it takes them) or a path (`-r`). */
function fishFlag(command: CommandName, flag: Flag, table: Table): string {
  const start = `complete -c pdg -n '__fish_seen_subcommand_from ${command}' -l ${flag.name}`;
  if (flag.value === undefined) return start;
  if (flag.completes === 'path') return `${start} -r`;
  if (flag.completes === 'providers') return `${start} -x -a '${words(table.providers)}'`;
  return `${start} -x`;
}
