import type arPages from "./ar";

// French (translated from ar.ts). Placeholders: {{shopName}}.
// A no-break space (U+00A0) precedes « : » and « ? », so the sign never starts a line.
const pages: typeof arPages = {
  contact: {
    title: "Contactez-nous",
    description:
      "Joignez {{shopName}} par téléphone ou par e-mail : commandez vos produits, demandez les frais de livraison vers votre wilaya et profitez d’un conseil gratuit.",
    intro:
      "L’équipe {{shopName}} est à votre écoute pour enregistrer votre commande et répondre à vos questions. Appelez-nous ou écrivez-nous, nous vous répondrons dans les plus brefs délais.",
    intro_noPhone:
      "L’équipe {{shopName}} est à votre écoute pour enregistrer votre commande et répondre à vos questions. Commandez avec le formulaire ci-dessous, nous vous appellerons pour la confirmer.",
    call: "Appelez-nous",
    write: "Écrivez-nous",
    quickOrder: {
      title: "Commande rapide",
      text: "Commandez dès maintenant par téléphone : indiquez-nous le produit, la quantité et votre wilaya, nous enregistrons votre commande et la confirmons avec vous aussitôt.",
      text_noPhone:
        "Ou écrivez-nous : indiquez-nous le produit, la quantité et votre wilaya, nous enregistrons votre commande et vous appelons pour la confirmer.",
      emailSubject: "Commande d’un produit",
    },
    deliveryCalculator: {
      title: "Frais de livraison vers votre wilaya",
      text: "Appelez-nous en précisant votre wilaya : nous vous indiquons les frais et le délai de livraison avant votre commande.",
      emailSubject: "Question sur les frais de livraison",
      tableLink: "Frais et délais de livraison de toutes les wilayas",
    },
    why: {
      title: "Pourquoi nous choisir ?",
      expertise: {
        title: "Expertise",
        text: "Nous connaissons bien nos produits et vous conseillons celui qui convient à vos besoins et à votre budget.",
      },
      authentic: {
        title: "Produits authentiques",
        text: "Nous sélectionnons nos produits auprès de fournisseurs de confiance et les vendons à des prix clairs en dinars algériens.",
      },
      personal: {
        title: "Service personnalisé",
        text: "Chaque client compte : nous suivons votre commande avec vous, du premier appel jusqu’à la réception.",
      },
      fast: {
        title: "Livraison rapide",
        text: "Nous expédions votre commande dès sa confirmation et la livrons à domicile dans les 69 wilayas.",
      },
    },
    cta: {
      title: "Besoin d’un conseil avant d’acheter ?",
      text: "Écrivez-nous pour une consultation gratuite : nous vous aidons à choisir le bon produit, sans engagement.",
      text_noEmail: "Découvrez nos services : nous vous aidons à choisir le bon produit, gratuitement et sans engagement.",
      consultation: "Demander une consultation gratuite",
      consultationSubject: "Demande de consultation gratuite",
      services: "Découvrir nos services",
    },
  },
  services: {
    title: "Nos services",
    description:
      "Paiement à la livraison dans les 69 wilayas, confirmation par téléphone, retour sous 14 jours, commandes en gros, service après-vente et conseils par téléphone chez {{shopName}}.",
    intro:
      "Chez {{shopName}}, nous ne faisons pas que vendre : nous vous accompagnons avant et après votre commande, du choix du produit jusqu’à sa réception et au-delà.",
    cashOnDelivery: {
      title: "Paiement à la livraison dans les 69 wilayas",
      text: "Rien à payer en ligne : nous livrons votre commande à domicile dans toutes les wilayas et vous payez en espèces au livreur à la réception.",
      link: "Frais et délais de livraison",
    },
    phoneConfirmation: {
      title: "Confirmation de commande par téléphone",
      text: "Après votre commande, nous vous appelons pour confirmer le produit, la quantité et l’adresse avant l’expédition : rien n’est envoyé sans votre accord.",
    },
    returns: {
      title: "Retour ou échange sous 14 jours",
      text: "Un produit ne vous convient pas ? Vous pouvez le retourner ou l’échanger dans les 14 jours suivant sa réception, à quelques conditions simples.",
      link: "Politique de retour",
    },
    wholesale: {
      title: "Commandes en gros pour les professionnels et les écoles",
      text: "Commerçants, entreprises et établissements scolaires : nous fournissons de grandes quantités à des prix spéciaux, avec paiement possible par virement bancaire.",
      link: "Voir nos offres de gros",
    },
    afterSales: {
      title: "Service après-vente pour l’électroménager",
      text: "Un souci avec un appareil acheté chez nous ? Appelez-nous : nous vous aidons à le mettre en marche et à l’utiliser, et nous suivons avec vous les démarches de garantie si nécessaire.",
      text_noPhone:
        "Un souci avec un appareil acheté chez nous ? Contactez-nous via la page contact : nous vous aidons à le mettre en marche et à l’utiliser, et nous suivons avec vous les démarches de garantie si nécessaire.",
    },
    advice: {
      title: "Conseils par téléphone",
      title_noPhone: "Conseils gratuits",
      text: "Vous hésitez ? Appelez-nous : nous vous conseillons gratuitement le produit adapté à vos besoins et à votre budget.",
      text_noPhone:
        "Vous hésitez ? Contactez-nous via la page contact : nous vous conseillons gratuitement le produit adapté à vos besoins et à votre budget.",
    },
    cta: {
      title: "Une question ou une demande particulière ?",
      text: "Notre équipe vous répond par téléphone et par e-mail.",
      text_contactPage: "Notre équipe est à votre écoute : contactez-nous via la page contact.",
      button: "Contactez-nous",
    },
  },
};

export default pages;
