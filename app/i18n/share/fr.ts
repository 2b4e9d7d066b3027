import type { ShareDictionary } from "./ar";

const share: ShareDictionary = {
  open: "Partager",
  openLabel: "Partager « {{title}} »",
  full: {
    title: "Partager le produit :",
    collectionTitle: "Partager la collection :",
    pageTitle: "Partager la page :",
  },
  whatsapp: "WhatsApp",
  whatsappLabel: "Partager sur WhatsApp (nouvelle fenêtre)",
  facebook: "Facebook",
  facebookLabel: "Partager sur Facebook (nouvelle fenêtre)",
  qr: "Code QR",
  copy: "Copier le lien",
  copied: "Copié !",
  native: "Partager depuis l’appareil",
  linkFailed: "Impossible de créer le lien. Veuillez réessayer.",
  copyFailed: "Copie automatique impossible : copiez le lien à la main.",
  unavailable: "La fenêtre de partage n’a pas pu s’ouvrir. Vérifiez votre connexion et réessayez.",
  modal: {
    title: "Partager le lien",
    loading: "Création du lien...",
    qrAlt: "Code QR du lien vers « {{title}} »",
    scanHint: "Scannez le code avec l’appareil photo",
    linkLabel: "Lien traçable :",
    copy: "Copier",
    retry: "Réessayer",
    close: "Fermer",
  },
  errors: {
    invalidJson: "La demande n’a pas pu être lue. Veuillez réessayer.",
    invalid: "Les informations du lien ne sont pas valides.",
    unknownTarget: "La page à partager n’existe pas ou n’est pas disponible.",
    rateLimited: "Vous avez créé beaucoup de liens en peu de temps. Veuillez réessayer plus tard.",
    methodNotAllowed: "Cette méthode n’est pas autorisée.",
  },
};

export default share;
