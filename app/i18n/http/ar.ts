/** Answers to requests refused before any page is involved (app/server/http/edge.server.ts, load-shedding.server.ts). */
const http = {
  badRequest: "طلب غير صالح.",
  methodNotAllowed: "هذه الطريقة غير مسموح بها.",
  overloaded: "المتجر مشغول جدًا الآن.",
  overloadedRetry: "أعد المحاولة بعد لحظة.",
  unknownHost: "هذا العنوان لا يخص هذا المتجر.",
};

export default http;
export type HttpDictionary = typeof http;
