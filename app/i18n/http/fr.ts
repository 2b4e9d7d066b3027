import type { HttpDictionary } from "./ar";

const http: HttpDictionary = {
  badRequest: "Requête invalide.",
  methodNotAllowed: "Cette méthode n’est pas autorisée.",
  overloaded: "La boutique est très sollicitée en ce moment.",
  overloadedRetry: "Réessayez dans un instant.",
  unknownHost: "Cette adresse n’appartient pas à cette boutique.",
};

export default http;
