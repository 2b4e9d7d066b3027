import {
  CompiledQuery,
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { Database } from "~/server/db/database.server";

/** One query the counter saw: its kind (select, insert…), the tables it names, and its wave. */
export interface CountedQuery {
  kind: RootOperationNode["kind"];
  tables: string[];
  /**
   * Its round trip: 1 + the highest round trip of the queries that had answered when it was sent.
   * Queries sent together (Promise.all) share a round trip; a query sent after another's answer
   * (it may depend on it) starts the next one.
   */
  roundTrip: number;
  /** The query as sent (after the database's own plugins), to compile again for EXPLAIN. */
  node: RootOperationNode;
}

/**
 * Counts the queries sent through a Kysely instance (a plugin sees each query when it is compiled
 * for execution and again when its result comes back; a query that fails is not counted).
 *
 * Two measures:
 * - `queries`: every query sent to the database, one by one (the strict measure: on SQLite they
 *   run one after the other anyway);
 * - `roundTrips`: the longest chain of queries each sent after the previous one answered
 *   (queries in flight together count once: on PostgreSQL they run concurrently on the pool's
 *   connections, one network round trip for the lot).
 */
export class QueryCounter implements KyselyPlugin {
  readonly log: CountedQuery[] = [];
  /**
   * Queries compiled and not yet answered. A plugin also sees the subqueries a query is built
   * from (a UNION's parts, a FROM (subquery)) compiled on their own: only a query whose result
   * comes back was sent, so only those are logged, with the round trip they started in.
   */
  readonly #pending = new WeakMap<QueryId, CountedQuery>();
  /** The highest round trip of the queries answered so far. */
  #answered = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#pending.set(args.queryId, { kind: args.node.kind, tables: tablesOf(args.node), roundTrip: this.#answered + 1, node: args.node });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const query = this.#pending.get(args.queryId);
    if (query) {
      this.#pending.delete(args.queryId);
      this.log.push(query);
      this.#answered = Math.max(this.#answered, query.roundTrip);
    }
    return args.result;
  }

  get queries(): number {
    return this.log.length;
  }

  get roundTrips(): number {
    return this.log.reduce((max, query) => Math.max(max, query.roundTrip), 0);
  }

  reset(): void {
    this.log.length = 0;
    this.#answered = 0;
  }

  /** "select products, product_images; select wilayas" — for failure messages. */
  describe(): string {
    return this.log.map((q) => `#${q.roundTrip} ${q.kind.replace(/QueryNode$/, "").toLowerCase()} ${q.tables.join(", ")}`).join("; ");
  }
}

/** The tables a query names (from, joins, subqueries), in order of appearance, each once. */
function tablesOf(node: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    const record = value as Record<string, unknown>;
    if (record.kind === "TableNode") {
      const table = record.table as { identifier?: { name?: string } } | undefined;
      if (table?.identifier?.name) found.add(table.identifier.name);
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(node);
  return [...found];
}

/** The database seen through a fresh counter. */
export function countQueries(db: Kysely<Database>): { db: Kysely<Database>; counter: QueryCounter } {
  const counter = new QueryCounter();
  return { db: db.withPlugin(counter), counter };
}

/**
 * SQLite's plan of a counted query (EXPLAIN QUERY PLAN), one line per step, e.g.
 * "SEARCH products USING INDEX products_category_newest (category=? AND in_stock=?)".
 */
export async function sqlitePlan(db: Kysely<Database>, query: CountedQuery): Promise<string[]> {
  const compiled = db.getExecutor().compileQuery(query.node, createQueryId());
  const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
  return result.rows.map((row) => row.detail);
}
