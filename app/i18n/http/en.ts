import type { HttpDictionary } from "./ar";

const http: HttpDictionary = {
  badRequest: "Bad request.",
  methodNotAllowed: "This method is not allowed.",
  unknownHost: "This address does not belong to this shop.",
};

export default http;
