// What the SQL stores need of a database: queries with `$n` params, a transaction, and the few places where
// DuckDB and PostgreSQL differ (column types, rows from a JSON param, an item table's upsert).
import type { ColumnType, TableShape } from './columns.js';

/** A statement and its `$n` params. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly (string | number | null)[];
}

/** A column of a table written from JSON rows: its name and type. */
export interface JsonColumn {
  readonly name: string;
  readonly type: ColumnType;
}

/** Rows as a `rowsText` param, and the columns read from them. */
export interface RowsParam {
  readonly columns: readonly JsonColumn[];
  readonly text: string;
}

/**
 * The `FROM` source of `replaceRows`: each row joined to its page's row by `_pdg_page` (`$1` the rows, `$2`
 * the pages).
 */
export function rowsWithPages(engine: Pick<SqlEngine, 'jsonRows'>, rows: RowsParam, pages: RowsParam): string {
  return `${engine.jsonRows('$1', rows.columns, '_pdg_row')} JOIN ${engine.jsonRows('$2', pages.columns, '_pdg_page_row')} USING ("_pdg_page")`;
}

export interface SqlEngine {
  readonly dialect: 'duckdb' | 'postgres';
  /**
   * Whether this connection is the database's one writer (a DuckDB file, which one process opens for writing):
   * then a key the store has not written to a table since it found the table empty is not stored there, and
   * need not be looked up.
   */
  readonly soleWriter: boolean;
  /** Rows of a query, as plain objects (JSON columns as text or parsed, big integers as numbers or text). */
  query(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  run(sql: string, params?: readonly unknown[]): Promise<void>;
  /**
   * Inside a transaction: waits until no other process is creating or altering tables of this database, so two
   * workers starting at once do not both create the same table (PostgreSQL); nothing where one process writes.
   */
  lockSchema(): Promise<void>;
  /** Runs `work` in one transaction: all of it is committed, or none. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs the statements in one transaction, with as few calls into the database as the engine allows: a batch's
   * fixed cost is paid per call (a round trip to PostgreSQL, a hop to DuckDB's thread and back).
   */
  script(statements: readonly Statement[]): Promise<void>;
  /** The column type's SQL. */
  columnSql(type: ColumnType): string;
  /** Rows (each a JSON object's text) as the text param `jsonRows` reads. */
  rowsText(rows: readonly string[]): string;
  /** A `FROM` source of the rows of a `rowsText` param (`$n`) or literal, with these columns, named `alias`. */
  jsonRows(param: string, columns: readonly JsonColumn[], alias?: string): string;
  /**
   * An expression of the names of the item fields in which the row `fresh` differs from the row `stored` (both
   * aliases of rows with these columns and `_pdg_extra`), sorted, as a list the driver returns as an array: a
   * column that differs names its field; a key of `_pdg_extra` whose value differs names its field (the part of
   * its path before the first `.` or `[`).
   */
  changedFields(columns: readonly JsonColumn[], fresh: string, stored: string): string;
  /** A parenthesised list of the texts of a JSON array param (`$n`) or literal, for `… IN <list>`. */
  keyList(param: string): string;
  /** Creates the item table where missing, its primary key `_pdg_key`. */
  createItemTable(table: TableShape, columns: readonly JsonColumn[]): Promise<void>;
  /**
   * The statements that write rows in place of any with the same `_pdg_key`: the table's `columns`, taken from
   * `rows` (each key once) and from the row of `pages` with the same `_pdg_page` (the columns every row of a
   * page shares). `replacedKeys` names the keys already stored, as a JSON array (undefined when all are new).
   */
  replaceRows(
    table: TableShape,
    columns: readonly JsonColumn[],
    rows: RowsParam,
    pages: RowsParam,
    replacedKeys: string | undefined,
  ): readonly Statement[];
  close(): Promise<void>;
}

/**
 * `work` between `begin` and COMMIT on one connection, rolled back when it throws: the `transaction` of both
 * engines, which differ only in how a transaction begins.
 */
export async function inTransaction<T>(
  run: (sql: string) => Promise<void>,
  begin: string,
  work: () => Promise<T>,
): Promise<T> {
  await run(begin);
  try {
    const result = await work();
    await run('COMMIT');
    return result;
  } catch (error) {
    await run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Runs a `scriptText` script (BEGIN, its statements, COMMIT) in one call; a statement failing part way leaves
 * its transaction open, so it is rolled back before the error is thrown: the `script` of both engines.
 */
export async function runScript(run: (sql: string) => Promise<void>, script: string): Promise<void> {
  try {
    await run(script);
  } catch (error) {
    await run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A text as a SQL string literal, for both dialects (PostgreSQL's `standard_conforming_strings` on). */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The statements with their params written in as literals, between BEGIN and COMMIT, as one text: the database
 * runs it in one call. (Params are only ever in the statements' own text as `$n`, never inside a value.)
 * `bind` may take a text value instead (DuckDB binds a large one to a variable), returning what to write in its
 * place; it returns undefined for a value to write in as a literal.
 */
export function scriptText(
  begin: string,
  statements: readonly Statement[],
  bind: (value: string) => string | undefined = () => undefined,
): string {
  const texts = statements.map((statement) =>
    statement.sql.replace(/\$(\d+)/g, (_, index: string) => {
      const value = statement.params[Number(index) - 1];
      if (value === null || value === undefined) return 'NULL';
      return typeof value === 'number' ? String(value) : (bind(value) ?? literal(value));
    }),
  );
  return [begin, ...texts, 'COMMIT'].join(';\n');
}

/**
 * The part of `changedFields` both dialects share: a list of `CASE` expressions, one per column, each the
 * column's name where `fresh`'s value is distinct from `stored`'s, else null.
 */
export function differingColumns(columns: readonly JsonColumn[], fresh: string, stored: string): string {
  return columns
    .map(
      (column) =>
        `CASE WHEN ${quoted(fresh)}.${quoted(column.name)} IS DISTINCT FROM ${quoted(stored)}.${quoted(column.name)} THEN ${literal(column.name)} END`,
    )
    .join(', ');
}

/** The item field a `_pdg_extra` path (an SQL text expression) belongs to: its part before the first `.` or `[`. */
export function extraPathField(path: string): string {
  return `split_part(split_part(${path}, '.', 1), '[', 1)`;
}

/** An identifier quoted for both dialects. */
export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
