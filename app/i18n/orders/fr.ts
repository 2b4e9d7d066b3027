import type { OrdersDictionary } from "./ar";

const orders: OrdersDictionary = {
  errors: {
    invalid_json: "Nous n’avons pas pu lire la commande. Veuillez réessayer.",
    body_too_large: "La commande dépasse la taille autorisée. Veuillez réessayer.",
    invalid_order: "Veuillez vérifier les informations saisies.",
    rejected: "La commande n’a pas pu être envoyée. Veuillez réessayer ou nous contacter.",
    rate_limited: "Vous avez envoyé beaucoup de commandes en peu de temps. Veuillez réessayer plus tard ou nous contacter.",
    unknown_product: "L’un des produits n’est plus disponible dans la boutique.",
    out_of_stock: "La quantité commandée de l’un des produits n’est pas disponible.",
    unknown_wilaya: "Nous ne livrons pas dans cette wilaya.",
    invalid_idempotency_key: "Nous n’avons pas pu lire la commande. Veuillez réessayer.",
    idempotency_key_reused: "La commande n’a pas pu être envoyée. Veuillez réessayer.",
    method_not_allowed: "Cette méthode n’est pas autorisée.",
    unsupported_media_type: "La commande doit être envoyée en JSON (application/json).",
    cross_site: "La commande a été refusée car elle ne provient pas de cette boutique.",
    invalid_api_token: "Le jeton d’accès à l’API des commandes n’est pas valide.",
  },
  fields: {
    required: "Ce champ est obligatoire.",
    too_long: "Ce texte est trop long.",
    invalid_phone: "Saisissez un numéro de mobile algérien valide (ex. 0550123456).",
    invalid_wilaya: "Choisissez une wilaya.",
    invalid_email: "Saisissez une adresse e-mail valide.",
    address_required: "Veuillez saisir votre adresse complète.",
    items_required: "La commande ne contient aucun produit.",
    too_many_items: "La commande contient trop de produits.",
    invalid_product: "Produit non valide.",
    invalid_quantity: "La quantité doit être un nombre entier de 1 à {{max}}.",
    invalid_source: "Origine de commande non valide.",
    invalid: "Valeur non valide.",
    unknown_product: "Produit inconnu.",
    out_of_stock_zero: "Rupture de stock.",
    out_of_stock_one: "Plus qu’un seul en stock.",
    out_of_stock_two: "Plus que {{count}} en stock.",
    out_of_stock_few: "Plus que {{count}} en stock.",
    out_of_stock_many: "Plus que {{count}} en stock.",
    out_of_stock_other: "Plus que {{count}} en stock.",
    unknown_wilaya: "Nous ne livrons pas dans cette wilaya.",
  },
};

export default orders;
