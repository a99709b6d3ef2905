/**
 * Arguments as a client sent them, read by the input schema: a value of another JSON type that says the
 * same thing is converted rather than refused. Models and clients send ids as numbers (`threadId: 8120443`
 * for a string id), counts as text (`"20"`) and flags as text (`"true"`); the digits are the id either way,
 * so the call goes through. Anything else is left as sent, for the client's own checks to name.
 */
import type { JsonSchema } from './input-schema.js';

/** The arguments with each property converted to the type its schema gives, where it converts faithfully. */
export function coerceArguments(args: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // Built as own properties (not assigned): an argument named `__proto__` stays an argument, for the client's
  // checks to refuse, instead of becoming the prototype every other argument could be read through.
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => {
      const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
      return [name, property === undefined ? value : coerceValue(value, property)];
    }),
  );
}

function coerceValue(value: unknown, schema: JsonSchema): unknown {
  switch (schema.type) {
    case 'string':
      return asText(value);
    case 'integer':
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      if (Array.isArray(value)) return value.map((item) => coerceValue(item, items));
      // One item given alone (`maturity: 10`): the list of it, as text when the items are text.
      return items.type === 'string' && (typeof value === 'number' || typeof value === 'boolean')
        ? [asText(value)]
        : value;
    }
    default:
      return value;
  }
}

/** A finite number or a boolean as the text it stands for; anything else as it is. */
function asText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return value;
}
