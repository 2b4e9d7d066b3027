import type { HttpDictionary } from "./ar";

const http: HttpDictionary = {
  badRequest: "Requête invalide.",
  methodNotAllowed: "Cette méthode n’est pas autorisée.",
  unknownHost: "Cette adresse n’appartient pas à cette boutique.",
};

export default http;
