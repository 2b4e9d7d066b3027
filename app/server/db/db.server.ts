import SqliteDatabase from "better-sqlite3";
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  PrimitiveValueListNode,
  SqliteDialect,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import pg from "pg";
import type { Database } from "./database.server";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/**
 * PostgreSQL's text cannot hold NUL (a query naming one fails: "invalid byte sequence"), SQLite's
 * can. Every input is checked by its schema first (shoppers' forms refuse NUL, admin forms drop it:
 * app/lib/form-text.ts); this last line of defence drops NUL from every string sent to PostgreSQL,
 * so a value that slipped past a schema (a key looked up, an email at sign-in) finds nothing or
 * is stored without it instead of failing the request with a 500.
 */
const withoutNul = (value: unknown) => (typeof value === "string" && value.includes("\0") ? value.replaceAll("\0", "") : value);

class NulStrippingTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    if (value === node.value) return super.transformValue(node);
    return node.immediate ? ValueNode.createImmediate(value) : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map(withoutNul));
  }
}

class PostgresNulPlugin implements KyselyPlugin {
  readonly #transformer = new NulStrippingTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

// COUNT(*) and other int8 results come back as strings from pg by default;
// every number we store fits comfortably in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** How many distinct SQL texts keep their prepared statement (queries with IN lists vary in length). */
const STATEMENT_CACHE_SIZE = 500;

/** A statement as Kysely's SQLite driver uses it. */
interface KyselyStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SqliteDatabase.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * SQLite cannot bind JS booleans: they are bound as 1/0 (decision 0002). Done on the parameters
 * as the statement runs, not by a Kysely plugin: a plugin rebuilt every query's whole tree to
 * find them, a cost every read paid (docs/decisions/0038-render-costs.md). A boolean written in
 * the SQL itself (an immediate value) is SQLite's TRUE or FALSE, 1 and 0.
 */
function bindable(parameters: readonly unknown[]): readonly unknown[] {
  if (!parameters.some((value) => typeof value === "boolean")) return parameters;
  return parameters.map((value) => (typeof value === "boolean" ? (value ? 1 : 0) : value));
}

function forKysely(statement: SqliteDatabase.Statement): KyselyStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/**
 * What a transaction starts with on SQLite (Kysely sends `begin`): the write lock, taken at once.
 * Several worker processes share one file (docs/decisions/0035-worker-processes.md); a deferred
 * transaction that read, then wrote after another process's commit would fail at once with
 * SQLITE_BUSY (its snapshot is stale, and busy_timeout does not wait for that), where an immediate
 * one waits its turn (busy_timeout) and then reads what is current. Within one process Kysely
 * already runs one transaction at a time on its one connection, so nothing changes there.
 */
const BEGIN_WRITE = "begin immediate";

/**
 * The SQLite database as Kysely sees it, with one prepared statement per SQL text kept and reused.
 * Kysely's SQLite driver prepares every query anew; preparing costs about as much as running a
 * small indexed query, and a page runs the same handful of statements on every request.
 * SQLite re-prepares a kept statement by itself after a schema change (a migration).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): { prepare(sql: string): KyselyStatement; close(): void } {
  const statements = new Map<string, KyselyStatement>();
  return {
    prepare(text) {
      const sql = text === "begin" ? BEGIN_WRITE : text;
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the oldest entry is the first to go.
        statements.delete(sql);
      } else {
        statement = forKysely(sqlite.prepare(sql));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/** How many distinct read statements each PostgreSQL connection keeps prepared (queries with IN lists vary in length). */
const PREPARED_PER_CONNECTION = 200;

/**
 * PostgreSQL's counterpart of withStatementCache: each connection of the pool prepares the reads
 * it runs (a named statement per SQL text: parsed and planned once, then only bound and run), up
 * to PREPARED_PER_CONNECTION of them; others run unprepared. Kysely sends every query as
 * `query(text, values)`; this names the SELECTs. Should a schema change alter a prepared read's
 * result columns (a migration by another instance of a fleet), PostgreSQL refuses it ("cached
 * plan must not change result type", 0A000): that statement then runs unprepared from then on.
 */
function prepareReads(client: pg.PoolClient): void {
  type Query = (...args: unknown[]) => Promise<unknown>;
  const target = client as unknown as { query: Query };
  const query = target.query.bind(client);
  const prepared = new Set<string>();
  const unpreparable = new Set<string>();
  target.query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== "string" || !Array.isArray(values) || !/^\s*(select|with)\b/i.test(text)) return query(...args);
    const name = `souq_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (unpreparable.has(name) || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION)) return query(text, values);
    prepared.add(name);
    return query({ name, text, values }).catch((error: unknown) => {
      if ((error as { code?: unknown })?.code !== "0A000") throw error;
      unpreparable.add(name);
      return query(text, values);
    });
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * Opens the database named by a DATABASE_URL:
 * - `file:PATH` (relative to the working directory) or `file::memory:`: SQLite, WAL, foreign keys on;
 * - `postgres://…`: PostgreSQL through a pg pool. `searchPath` picks a schema (tests use one per file).
 */
export function openDatabase(url: string, options: { searchPath?: string; poolSize?: number } = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    pool.on("connect", prepareReads);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new PostgresNulPlugin()] });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }

  if (!url.startsWith("file:")) {
    throw new Error(`Unsupported DATABASE_URL "${url}": use file:PATH or postgres://…`);
  }
  const path = url.slice("file:".length);
  const inMemory = path === ":memory:" || path === "";
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });

  const sqlite = new SqliteDatabase(inMemory ? ":memory:" : path);
  if (!inMemory) sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}
