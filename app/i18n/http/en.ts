import type { HttpDictionary } from "./ar";

const http: HttpDictionary = {
  badRequest: "Bad request.",
  methodNotAllowed: "This method is not allowed.",
  overloaded: "The shop is very busy right now.",
  overloadedRetry: "Please try again in a moment.",
  unknownHost: "This address does not belong to this shop.",
};

export default http;
