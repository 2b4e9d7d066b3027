/**
 * Messages about new orders, delivered after the order's transaction commits: the webhook, the
 * merchant's Telegram or URL notification, and the outbox worker that sends them (at least once,
 * from any server of a fleet). The one way into app/server/notify/ from outside it; the outbox
 * table itself is the platform's (app/server/platform/).
 */
export * from "./order-notify.server";
export * from "./order-webhook.server";
export * from "./outbox.server";
