/**
 * The one search behind `find_endpoints` (the catalog) and `search_docs` (code mode): the endpoints ranked
 * for a model's words, by whole words (plurals as their singular), a word in the provider or endpoint name
 * counting most, then the description, then the params and response fields.
 */
import { endpointDoc } from './endpoint-doc.js';
import type { PdgTool } from './tools.js';

/** The endpoints matching the words, best first (ties in the given order); every endpoint when there are none. */
export function rankEndpoints(endpoints: readonly PdgTool[], query: unknown): PdgTool[] {
  const words = typeof query === 'string' ? wordsOf(query) : [];
  return endpoints
    .map((tool, order) => ({ tool, order, score: score(tool, words) }))
    .filter((entry) => words.length === 0 || entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ tool }) => tool);
}

const texts = new WeakMap<PdgTool, { names: string; description: string; rest: string }>();

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .map(stem);
}

/** `jobs` and `job` alike, `cities` and `city`. */
function stem(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

/** `items[].title` of `items[].title: string`: a field's words, not its type's. */
function fieldPath(field: string): string {
  return field.slice(0, field.indexOf(': '));
}

/** How well the words fit the endpoint: 3 for a word in its provider or name, 2 in its description, 1 in params or fields. */
function score(tool: PdgTool, words: readonly string[]): number {
  let text = texts.get(tool);
  if (!text) {
    const doc = endpointDoc(tool);
    text = {
      names: ` ${wordsOf(`${tool.provider} ${tool.endpointName}`).join(' ')} `,
      description: ` ${wordsOf(tool.endpoint.description).join(' ')} `,
      rest: ` ${wordsOf(`${doc.params.join(' ')} ${doc.fields.map(fieldPath).join(' ')}`).join(' ')} `,
    };
    texts.set(tool, text);
  }
  const found = text;
  return words.reduce((total, word) => {
    const whole = ` ${word} `;
    if (found.names.includes(whole)) return total + 3;
    if (found.description.includes(whole)) return total + 2;
    if (found.rest.includes(whole)) return total + 1;
    return total;
  }, 0);
}
