import type { Migration } from "kysely";
import * as catalog from "./2026-11-22-001-catalog.server";
import * as imageVariants from "./2026-11-22-002-image-variants.server";
import * as productSearch from "./2026-11-22-003-product-search.server";
import * as orders from "./2026-11-22-004-orders.server";
import * as admin from "./2026-11-22-005-admin.server";
import * as orderWorkflow from "./2026-11-22-006-order-workflow.server";
import * as deliveryOptions from "./2026-11-22-007-delivery-options.server";
import * as merchandising from "./2026-11-22-008-merchandising.server";
import * as tracking from "./2026-11-22-009-tracking.server";
import * as wholesale from "./2026-11-22-010-wholesale.server";
import * as jewellery from "./2026-11-22-011-jewellery.server";
import * as pageQueryIndexes from "./2026-11-22-012-page-query-indexes.server";
import * as orderRequestHashAndFlag from "./2026-11-25-013-order-request-hash-and-flag.server";
import * as shopSettings from "./2026-11-26-014-shop-settings.server";
import * as merchantTextsLanguages from "./2026-11-26-015-merchant-texts-languages.server";
import * as orderConfirmationToken from "./2026-11-26-016-order-confirmation-token.server";
import * as productOffers from "./2026-11-26-017-product-offers.server";
import * as productVariants from "./2026-11-26-018-product-variants.server";
import * as variantTargets from "./2026-11-26-019-variant-targets.server";
import * as courierAccounts from "./2026-11-26-020-courier-accounts.server";
import * as parcelsAndPlaces from "./2026-11-26-021-parcels-and-places.server";
import * as staffAndConfirmation from "./2026-11-26-022-staff-and-confirmation.server";
import * as dashboardIndexes from "./2026-11-26-023-dashboard-indexes.server";

/**
 * Every migration, in order. Listed statically (not read from disk) so they
 * ship inside the server bundle. Names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22-001-catalog": catalog,
  "2026-11-22-002-image-variants": imageVariants,
  "2026-11-22-003-product-search": productSearch,
  "2026-11-22-004-orders": orders,
  "2026-11-22-005-admin": admin,
  "2026-11-22-006-order-workflow": orderWorkflow,
  "2026-11-22-007-delivery-options": deliveryOptions,
  "2026-11-22-008-merchandising": merchandising,
  "2026-11-22-009-tracking": tracking,
  "2026-11-22-010-wholesale": wholesale,
  "2026-11-22-011-jewellery": jewellery,
  "2026-11-22-012-page-query-indexes": pageQueryIndexes,
  "2026-11-25-013-order-request-hash-and-flag": orderRequestHashAndFlag,
  "2026-11-26-014-shop-settings": shopSettings,
  "2026-11-26-015-merchant-texts-languages": merchantTextsLanguages,
  "2026-11-26-016-order-confirmation-token": orderConfirmationToken,
  "2026-11-26-017-product-offers": productOffers,
  "2026-11-26-018-product-variants": productVariants,
  "2026-11-26-019-variant-targets": variantTargets,
  "2026-11-26-020-courier-accounts": courierAccounts,
  "2026-11-26-021-parcels-and-places": parcelsAndPlaces,
  "2026-11-26-022-staff-and-confirmation": staffAndConfirmation,
  "2026-11-26-023-dashboard-indexes": dashboardIndexes,
};
