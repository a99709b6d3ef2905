// What a harvest asks of its destination, whatever the database: the tables, the state a run starts from,
// one page written with its checkpoint in one transaction, and the run's end.
import type { WalkCheckpoint } from '@pdg/core';
import type { TableShape } from './columns.js';
import type { ItemRow } from './item-row.js';

/** How a run walks: `incremental` stops at a page it already has, `since` sends the stored high-water mark, `full` walks everything. */
export type HarvestMode = 'full' | 'incremental' | 'since';

/** How a run ended, as the ledger says it. */
export type RunStatus = 'running' | 'completed' | 'failed' | 'interrupted';

/** The state of one walk (provider, endpoint, params) in the destination: `_pdg_state`. */
export interface StoredState {
  /** The run that wrote it last. */
  readonly runId: string;
  /** `running` while a run is under way (or was killed), `completed` once one ended. */
  readonly status: 'running' | 'completed';
  readonly mode: HarvestMode;
  readonly modeReason: string;
  /** Where the run under way was, past its last committed page. */
  readonly checkpoint: WalkCheckpoint | null;
  /** The params the run under way sent (the high-water mark among them). */
  readonly sentParams: Readonly<Record<string, unknown>> | null;
  /** The largest value of the since-field seen by the last completed run (text), or by the run under way so far. */
  readonly highWater: string | null;
  readonly runHighWater: string | null;
}

/** A run, as the ledger starts it. */
export interface RunStart {
  readonly runId: string;
  readonly table: TableShape;
  /** The walk's params as the caller gave them: with the table, the state's key. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly mode: HarvestMode;
  readonly modeReason: string;
  readonly startedAt: Date;
  /** An earlier run of the same walk that was killed: this run goes on from its checkpoint, and it is marked `interrupted`. */
  readonly interrupts?: string;
  /** Record the run only when the ledger has no row of its id (a queue's walk, whose pages many workers write). */
  readonly ifAbsent?: boolean;
}

/** The run's figures so far, as the ledger keeps them. */
export interface RunFigures {
  readonly requests: number;
  readonly pages: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly removed: number;
}

/** One page to write. */
export interface PageWrite {
  readonly run: RunStart;
  readonly rows: readonly ItemRow[];
  readonly requestId: string | null;
  readonly fetchedAt: Date;
  /** The params the page was fetched with. */
  readonly pageParams: Readonly<Record<string, unknown>>;
  /** The state after this page (committed with its rows); none where the walk's checkpoint is kept elsewhere (a queue's job). */
  readonly state?: StoredState;
  /**
   * The run's requests and pages so far, this page's in; none to count each page as one request (a queue's pages,
   * written by many workers). Its counts are added to the ledger's either way.
   */
  readonly figures?: Pick<RunFigures, 'requests' | 'pages'>;
  /**
   * The page's place in its walk, from 0, where the walk's pages may come more than once (a queue's page sent
   * again after a worker died): the ledger's `pages` is then the pages stored, not the deliveries.
   */
  readonly pageIndex?: number;
}

/** What a page's rows were: new, changed in place, or the same as stored. */
export interface PageCounts {
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
}

/** How a run ends. */
export interface RunEnd {
  readonly run: RunStart;
  readonly status: Exclude<RunStatus, 'running'>;
  /** The run's figures; none to keep the ledger's (a queue's walk, counted page by page). */
  readonly figures?: RunFigures;
  readonly error?: string;
  /** The state to keep (a completed run's), or undefined to leave the checkpoint for the next run. */
  readonly state?: StoredState;
  /** After a complete full walk: mark rows this run did not see `removed` (and delete them with `deleteStale`). */
  readonly sweep?: { readonly deleteStale: boolean };
}

/** A harvest's destination. */
export interface HarvestStore {
  /** The target as text (`duckdb:pdg.duckdb`, a URL without its password, `parquet:DIR`). */
  readonly target: string;
  /**
   * Whether each page is in the destination once `writePage` resolves (DuckDB, PostgreSQL): what a queue's
   * sink needs. Parquet files are written at a run's end.
   */
  readonly commitsEachPage: boolean;
  /** Creates the item table and pdg's own tables where missing; adds the columns a newer schema has. */
  prepare(table: TableShape): Promise<void>;
  readState(table: TableShape, params: Readonly<Record<string, unknown>>): Promise<StoredState | undefined>;
  /** Records the run in the ledger; an earlier run of the same walk left `running` is marked `interrupted`. */
  startRun(run: RunStart): Promise<void>;
  /**
   * Writes the page with its checkpoint; resolves with its counts once committed. Pages of one run handed over
   * while an earlier write is under way may be committed together, in the order handed over.
   */
  writePage(page: PageWrite): Promise<PageCounts>;
  /** Ends the run; returns how many rows it marked removed. */
  finishRun(end: RunEnd): Promise<number>;
  /** Rows in the table (removed ones included, until deleted). */
  countRows(table: TableShape): Promise<number>;
  /** The ledger's runs of these ids (`_pdg_runs`), oldest first: what `pdg queue status` shows per walk. */
  readRuns(runIds: readonly string[]): Promise<LedgerRun[]>;
  close(): Promise<void>;
}

/** One run as the ledger holds it. */
export interface LedgerRun extends RunFigures {
  readonly runId: string;
  readonly provider: string;
  readonly endpoint: string;
  readonly table: string;
  /** What the run did: walked until what was stored (`incremental`), from the high-water mark (`since`), or all. */
  readonly mode: HarvestMode;
  readonly modeReason: string;
  readonly status: RunStatus;
  readonly startedAt: string;
  /** Null while the run is under way. */
  readonly endedAt: string | null;
  readonly error: string | null;
}
