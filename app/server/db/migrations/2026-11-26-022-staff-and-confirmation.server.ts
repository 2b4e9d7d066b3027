import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// A confirmation team at work (docs/decisions/0031-staff-and-roles.md, 0032-confirmation-queue.md):
// - admin_users gain a role (owner, manager, confirmer, packer; every existing admin is an
//   owner), a display name, a disabled mark and "must change the password at next sign-in";
//   admin_invitations: a one-time link (only its SHA-256 stored) with an expiry;
// - orders gain their confirmation, apart from fulfilment: a state (to_call, in_progress,
//   confirmed, cancelled; set from the status for the orders already there), the call-back
//   time, the attempt counts, the cancellation reason and note, the agent the order is given
//   to, the queue lock (who holds it, until when), and the reason of a delivery fee set by hand;
// - call_attempts: each call with its time, agent and outcome;
// - order_edits: each edit of an order, field by field, with before and after and its author;
// - order_drafts: what a shopper typed in an order form and left (one per phone and cart);
// - shop_settings.max_unanswered_attempts: after that many unanswered calls an order is
//   suggested for cancellation.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: any) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  const idType = postgres ? "serial" : "integer";

  await db.schema
    .alterTable("admin_users")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("owner").check(sql`role in ('owner', 'manager', 'confirmer', 'packer')`))
    .execute();
  await db.schema.alterTable("admin_users").addColumn("name", "text").execute();
  await db.schema.alterTable("admin_users").addColumn("disabled_at", "text").execute();
  await db.schema.alterTable("admin_users").addColumn("must_change_password", "boolean", (col) => col.notNull().defaultTo(false)).execute();

  await db.schema
    .createTable("admin_invitations")
    .addColumn("id", idType, id)
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("name", "text")
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('owner', 'manager', 'confirmer', 'packer')`))
    .addColumn("created_by", "integer", (col) => col.references("admin_users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("confirmation_state", "text", (col) =>
      col.notNull().defaultTo("to_call").check(sql`confirmation_state in ('to_call', 'in_progress', 'confirmed', 'cancelled')`),
    )
    .execute();
  await db.schema.alterTable("orders").addColumn("callback_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("call_attempts", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("orders").addColumn("unanswered_attempts", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("orders").addColumn("cancel_reason", "text").execute();
  await db.schema.alterTable("orders").addColumn("cancel_note", "text").execute();
  await db.schema.alterTable("orders").addColumn("assigned_to", "integer").execute();
  await db.schema.alterTable("orders").addColumn("queue_locked_by", "integer").execute();
  await db.schema.alterTable("orders").addColumn("queue_locked_until", "text").execute();
  await db.schema.alterTable("orders").addColumn("delivery_price_reason", "text").execute();
  await sql`update orders set confirmation_state = case
      when status = 'new' then 'to_call'
      when status = 'cancelled' then 'cancelled'
      else 'confirmed' end`.execute(db);
  await db.schema.createIndex("orders_confirmation_queue").on("orders").columns(["confirmation_state", "callback_at", "created_at"]).execute();

  await db.schema
    .createTable("call_attempts")
    .addColumn("id", idType, id)
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("admin_id", "integer", (col) => col.references("admin_users.id").onDelete("set null"))
    .addColumn("agent", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) =>
      col.notNull().check(sql`outcome in ('no_answer', 'busy', 'unreachable', 'wrong_number', 'callback', 'postponed', 'confirmed', 'cancelled')`),
    )
    .addColumn("callback_at", "text")
    .addColumn("note", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("call_attempts_order").on("call_attempts").columns(["order_id", "created_at"]).execute();
  await db.schema.createIndex("call_attempts_agent").on("call_attempts").columns(["admin_id", "created_at"]).execute();

  await db.schema
    .createTable("order_edits")
    .addColumn("id", idType, id)
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("admin_id", "integer", (col) => col.references("admin_users.id").onDelete("set null"))
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("field", "text", (col) => col.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("order_edits_order").on("order_edits").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("order_drafts")
    .addColumn("id", idType, id)
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("cart_key", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("order_drafts_phone_cart", ["phone", "cart_key"])
    .execute();
  await db.schema.createIndex("order_drafts_updated").on("order_drafts").column("updated_at").execute();

  await db.schema.alterTable("shop_settings").addColumn("max_unanswered_attempts", "integer", (col) => col.notNull().defaultTo(3)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shop_settings").dropColumn("max_unanswered_attempts").execute();
  await db.schema.dropTable("order_drafts").execute();
  await db.schema.dropTable("order_edits").execute();
  await db.schema.dropTable("call_attempts").execute();
  await db.schema.dropIndex("orders_confirmation_queue").execute();
  for (const column of [
    "delivery_price_reason",
    "queue_locked_until",
    "queue_locked_by",
    "assigned_to",
    "cancel_note",
    "cancel_reason",
    "unanswered_attempts",
    "call_attempts",
    "callback_at",
    "confirmation_state",
  ]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.dropTable("admin_invitations").execute();
  for (const column of ["must_change_password", "disabled_at", "name", "role"]) await db.schema.alterTable("admin_users").dropColumn(column).execute();
}
