/**
 * A field the spec does not list, read from a result: `unlisted(item, 'isbn13')`. Result types name the
 * documented fields only (`item.isbn13` does not compile), while the gateway's other fields are kept at run
 * time; this reads one as `unknown`, for the caller to check before use. `undefined` when it is absent.
 */
export function unlisted(value: object, field: string): unknown {
  return (value as Readonly<Record<string, unknown>>)[field];
}
