/** The merchant's shop settings (name, contacts, social pages, legal notices). The one way into app/server/settings/. */
export * from "./settings.service.server";
