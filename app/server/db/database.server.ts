import type { AuthTables } from "../auth/auth.table.server";
import type { CatalogTables } from "../catalog/catalog.table.server";
import type { CouriersTables } from "../couriers/couriers.table.server";
import type { DeliveryTables } from "../delivery/delivery.table.server";
import type { JewelleryTables } from "../jewellery/jewellery.table.server";
import type { MerchandisingTables } from "../merchandising/merchandising.table.server";
import type { OrdersTables } from "../orders/orders.table.server";
import type { OrderWorkflowTables } from "../orders/order-workflow.table.server";
import type { PlatformTables } from "../platform/platform.table.server";
import type { SettingsTables } from "../settings/settings.table.server";
import type { ShippingTables } from "../shipping/shipping.table.server";
import type { TrackingTables } from "../tracking/tracking.table.server";
import type { WholesaleTables } from "../wholesale/wholesale.table.server";

/** The whole schema, composed from each domain's tables. */
export interface Database
  extends
    CatalogTables,
    DeliveryTables,
    OrdersTables,
    OrderWorkflowTables,
    PlatformTables,
    AuthTables,
    MerchandisingTables,
    TrackingTables,
    WholesaleTables,
    JewelleryTables,
    SettingsTables,
    CouriersTables,
    ShippingTables {}
