import type { SettingsDictionary } from "./ar";

const settings: SettingsDictionary = {
  admin: {
    title: "Paramètres de la boutique",
    intro: "Le nom de la boutique, ses contacts et ses mentions légales tels que les clients les voient. Laissez un champ vide pour le masquer.",
    sections: {
      name: "Nom de la boutique",
      contact: "Contact",
      social: "Réseaux sociaux",
      legal: "Mentions légales",
    },
    fields: {
      nameAr: "Nom en arabe",
      nameEn: "Nom en anglais",
      nameFr: "Nom en français",
      phone: "Numéro de téléphone",
      whatsapp: "Numéro WhatsApp",
      email: "E-mail",
      address: "Adresse",
      facebookUrl: "Page Facebook",
      instagramUrl: "Compte Instagram",
      tiktokUrl: "Compte TikTok",
      rc: "Numéro du registre du commerce (RC)",
      nif: "Numéro d'identification fiscale (NIF)",
    },
    hints: {
      name: "Vide : le nom par défaut est utilisé ({{name}})",
      phone: "Un numéro de mobile algérien, par ex. 0550123456",
      url: "Un lien https commençant par",
      nif: "15 chiffres",
    },
    save: "Enregistrer les paramètres",
    saved: "Les paramètres de la boutique sont enregistrés",
    invalid: "Vérifiez les champs signalés",
    saveFailed: "Les paramètres n'ont pas pu être enregistrés, réessayez",
  },
  banner: {
    noPhone: "La boutique n'a pas encore de numéro de téléphone : les clients ne voient aucun numéro à appeler.",
    link: "L'ajouter dans les paramètres",
  },
  errors: {
    tooLong: "Trop long : {{max}} caractères au plus",
    phone: "Saisissez un numéro de mobile algérien valide (05, 06 ou 07 puis 8 chiffres)",
    email: "Saisissez une adresse e-mail valide",
    url: "Saisissez le lien d'une page du bon site, commençant par https://",
    rc: "Saisissez le numéro du registre du commerce tel que sur l'extrait (chiffres, lettres, / et -)",
    nif: "Le numéro d'identification fiscale compte 15 chiffres",
  },
  legal: {
    title: "Mentions légales",
    description: "Les informations du vendeur : nom, numéro du registre du commerce, numéro d'identification fiscale et adresse.",
    intro: "Cette boutique en ligne est exploitée par le vendeur ci-dessous, conformément à la loi algérienne relative au commerce électronique.",
    seller: "Vendeur",
    rc: "Registre du commerce (RC)",
    nif: "Numéro d'identification fiscale (NIF)",
    address: "Adresse",
    phone: "Téléphone",
    email: "E-mail",
    pending: "Cette information est en cours de mise à jour.",
  },
  contact: {
    whatsapp: "Écrivez-nous sur WhatsApp",
    address: "Adresse",
    noContact: "Vous pouvez commander directement avec le formulaire : nous vous appellerons pour confirmer.",
  },
  product: {
    label: "Commander autrement",
    whatsapp: "Commander sur WhatsApp",
    call: "Appeler pour commander",
    whatsappMessage: "Bonjour, je voudrais commander ce produit :\n{{title}}\nPrix : {{price}}\n{{url}}",
    /** With the quantity offer the shopper picked: its label and its total. */
    whatsappOfferMessage: "Bonjour, je voudrais commander ce produit :\n{{title}}\n{{offer}} — {{total}}\n{{url}}",
  },
};

export default settings;
