import type { OrdersDictionary } from "./ar";

const orders: OrdersDictionary = {
  errors: {
    invalid_json: "We could not read the order. Please try again.",
    body_too_large: "The order is larger than allowed. Please try again.",
    invalid_order: "Please check the details you entered.",
    rejected: "The order could not be sent. Please try again or contact us.",
    rate_limited: "You have sent many orders in a short time. Please try again later or contact us.",
    unknown_product: "One of the products is no longer in the shop.",
    out_of_stock: "The quantity ordered of one of the products is not available.",
    unknown_wilaya: "We do not deliver to this wilaya.",
    invalid_idempotency_key: "We could not read the order. Please try again.",
    idempotency_key_reused: "The order could not be sent. Please try again.",
    method_not_allowed: "This method is not allowed.",
    unsupported_media_type: "The order must be sent as JSON (application/json).",
    cross_site: "The order was refused because it did not come from this shop.",
    invalid_api_token: "The orders API token is not valid.",
  },
  fields: {
    required: "This field is required.",
    too_long: "This text is too long.",
    invalid_phone: "Enter a valid Algerian mobile number (e.g. 0550123456).",
    invalid_wilaya: "Choose a wilaya.",
    invalid_email: "Enter a valid email address.",
    address_required: "Please enter your full address.",
    items_required: "The order has no products.",
    too_many_items: "The order has too many products.",
    invalid_product: "Invalid product.",
    invalid_quantity: "The quantity must be a whole number from 1 to {{max}}.",
    invalid_source: "Invalid order source.",
    invalid: "Invalid value.",
    unknown_product: "Unknown product.",
    out_of_stock_zero: "Out of stock.",
    out_of_stock_one: "Only 1 left.",
    out_of_stock_two: "Only {{count}} left.",
    out_of_stock_few: "Only {{count}} left.",
    out_of_stock_many: "Only {{count}} left.",
    out_of_stock_other: "Only {{count}} left.",
    unknown_wilaya: "We do not deliver to this wilaya.",
  },
};

export default orders;
