/** Answers to requests refused before any page is involved (app/server/http/edge.server.ts). */
const http = {
  badRequest: "طلب غير صالح.",
  methodNotAllowed: "هذه الطريقة غير مسموح بها.",
  unknownHost: "هذا العنوان لا يخص هذا المتجر.",
};

export default http;
export type HttpDictionary = typeof http;
