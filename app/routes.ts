import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The static text pages; one module serves them all. */
export const staticPagePaths = ["about", "shipping", "terms", "returns", "privacy", "payment-methods", "faq"] as const;

export default [
  // Storefront
  index("routes/shop/home.tsx"),
  route("categories", "routes/shop/categories.tsx"),
  route("categories/:slug", "routes/shop/category.tsx"),
  route("school-supplies", "routes/shop/category.tsx", { id: "school-supplies" }),
  route("games", "routes/shop/category.tsx", { id: "games" }),
  route("products/:slug", "routes/shop/product.tsx"),
  route("cart", "routes/shop/cart.tsx"),
  route("collections/:slug", "routes/shop/collection.tsx"),
  route("pages/:slug", "routes/shop/custom-page.tsx"),
  route("home-appliances", "routes/shop/home-appliances.tsx"),
  route("product-gros", "routes/shop/wholesale.tsx"),
  route("jewellery", "routes/shop/jewellery.tsx"),
  route("jewellery/:id", "routes/shop/jewellery-item.tsx"),
  // A shopper's order confirmation, by its unguessable token (private, noindex).
  route("orders/confirmation/:token", "routes/shop/order-confirmation.tsx"),
  // Old addresses with nothing to show: they answer 301 to the home page (template-redirect.ts).
  route("ecommerce-template", "routes/shop/template-redirect.ts"),
  route("template/:id", "routes/shop/template-redirect.ts", { id: "template-item-redirect" }),
  ...staticPagePaths.map((path) => route(path, "routes/shop/static-page.tsx", { id: `static-${path}` })),

  // API and resource routes
  route("healthz", "routes/api/healthz.ts"),
  route("readyz", "routes/api/readyz.ts"),
  route("api/language", "routes/api/language.ts"),
  route("api/delivery", "routes/api/delivery.ts"),
  route("api/delivery/:wilayaCode/communes", "routes/api/delivery-communes.ts"),
  route("api/delivery/:wilayaCode/stop-desks", "routes/api/delivery-stop-desks.ts"),
  route("api/orders", "routes/api/orders.ts"),
  route("api/order-drafts", "routes/api/order-drafts.ts"),
  route("api/cart/quote", "routes/api/cart-quote.ts"),
  route("api/share-links", "routes/api/share-links.ts"),
  route("api/couriers/webhooks/:accountId", "routes/api/courier-webhook.ts"),
  route("qr/:file", "routes/api/qr.ts"),

  // Contact and services pages
  route("contact", "routes/shop/contact.tsx"),
  route("services", "routes/shop/services.tsx"),
  route("legal", "routes/shop/legal.tsx"),

  // Search engines
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),

  // Product search (noindex)
  route("search", "routes/shop/search.tsx"),

  // Admin area (noindex, behind a session; see app/server/http/admin-session.server.ts)
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    // A one-time invitation link: the invitee chooses a password (public, like login).
    route("invite/:token", "routes/admin/invite.tsx"),
    // The delivery slip prints without the admin chrome (still behind requireAdmin).
    route("orders/:id/slip", "routes/admin/order-slip.tsx"),
    // Courier labels: a PDF or a redirect to the courier's, never the admin page.
    route("orders/:id/label", "routes/admin/order-label.ts"),
    route("orders/labels", "routes/admin/orders-labels.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      // Admin pages: one line each, e.g. route("products", "routes/admin/products.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/new", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
      route("products/:id", "routes/admin/product-edit.tsx"),
      route("inventory", "routes/admin/inventory.tsx"),
      route("inventory.csv", "routes/admin/inventory-csv.ts"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:id", "routes/admin/order.tsx"),
      route("orders.csv", "routes/admin/orders-csv.ts"),
      route("orders/new-count", "routes/admin/orders-new-count.ts"),
      route("orders/wholesale", "routes/admin/wholesale-enquiries.tsx"),
      route("queue", "routes/admin/queue.tsx"),
      route("drafts", "routes/admin/drafts.tsx"),
      route("categories", "routes/admin/taxonomy.tsx", { id: "admin-categories" }),
      route("sections", "routes/admin/taxonomy.tsx", { id: "admin-sections" }),
      route("delivery", "routes/admin/delivery.tsx"),
      route("couriers", "routes/admin/couriers.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("collections", "routes/admin/collections.tsx"),
      route("collections/new", "routes/admin/collection-edit.tsx", { id: "admin-collection-new" }),
      route("collections/:id", "routes/admin/collection-edit.tsx"),
      route("custom-pages", "routes/admin/custom-pages.tsx"),
      route("custom-pages/new", "routes/admin/custom-page-edit.tsx", { id: "admin-custom-page-new" }),
      route("custom-pages/:id", "routes/admin/custom-page-edit.tsx"),
      route("page-layouts", "routes/admin/page-layouts.tsx"),
      route("picker-products", "routes/admin/picker-products.ts"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("password", "routes/admin/password.tsx"),
    ]),
  ]),

  // Anything else: a translated 404 that answers HTTP 404.
  route("*", "routes/shop/not-found.tsx"),
] satisfies RouteConfig;
