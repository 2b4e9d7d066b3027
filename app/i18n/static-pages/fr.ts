import type { StaticPages } from "./types";

// French (translated from ar.ts). Placeholders: {{shopName}}, {{phone}}, {{email}}.
export default {
  about: {
    title: "Qui sommes-nous",
    description: "Découvrez {{shopName}}, boutique en ligne algérienne qui livre dans les 69 wilayas, avec paiement à la livraison.",
    intro:
      "{{shopName}} est une boutique en ligne algérienne qui réunit au même endroit ce dont votre famille a besoin, avec des prix clairs en dinars algériens et un service proche de vous.",
    sections: [
      {
        heading: "Qui nous sommes",
        paragraphs: [
          "Nous sommes une équipe algérienne qui a créé {{shopName}} pour rendre l’achat en ligne simple et fiable pour toutes les familles algériennes, du nord jusqu’à l’extrême sud.",
          "Vous parcourez nos produits et commandez sans créer de compte ; nous nous occupons du reste.",
        ],
      },
      {
        heading: "Ce que nous vendons",
        paragraphs: [
          "Nous proposons de l’électroménager, des fournitures scolaires, des jeux et jouets, des parfums, des bijoux, des piscines et des sacs à dos.",
          "Nous recevons aussi les commandes en gros des commerçants et des entreprises, qui peuvent nous contacter pour obtenir des prix spéciaux.",
        ],
      },
      {
        heading: "Paiement à la livraison",
        paragraphs: [
          "Vous ne payez rien en ligne : vous réglez votre commande en espèces au livreur à la réception. Pour les grosses commandes ou les commandes en gros, vous pouvez aussi payer par virement bancaire.",
        ],
      },
      {
        heading: "Livraison dans les 69 wilayas",
        paragraphs: [
          "Nous livrons à domicile dans les 69 wilayas. La livraison est gratuite à Alger ; dans les autres wilayas, les frais et le délai dépendent de la wilaya et vous sont indiqués avant l’envoi de votre commande.",
        ],
      },
      {
        heading: "Nous contacter",
        paragraphs: [
          {
            text: "Pour toute question ou aide concernant votre commande, appelez-nous au {{phone}} ou écrivez-nous à {{email}}.",
            noPhone: "Pour toute question ou aide concernant votre commande, écrivez-nous à {{email}} ou passez par la page contact.",
            noEmail: "Pour toute question ou aide concernant votre commande, appelez-nous au {{phone}} ou passez par la page contact.",
            noContact: "Pour toute question ou aide concernant votre commande, passez par la page contact.",
          },
        ],
      },
    ],
  },

  shipping: {
    title: "Livraison",
    description: "Frais et délais de livraison à domicile dans les 69 wilayas avec {{shopName}}, paiement à la livraison.",
    intro: "{{shopName}} livre vos commandes à votre porte dans les 69 wilayas du pays, et vous payez à la réception.",
    sections: [
      {
        heading: "Livraison dans toutes les wilayas",
        paragraphs: [
          "Nous livrons à domicile dans les 69 wilayas, d’Alger jusqu’à l’extrême sud.",
          "Lors de la commande, choisissez votre wilaya et indiquez un numéro de téléphone où vous joindre ; nous vérifions avec vous l’adresse complète lors de l’appel de confirmation.",
        ],
      },
      {
        heading: "Frais de livraison",
        paragraphs: [
          "Les frais de livraison dépendent de votre wilaya : la livraison est gratuite à Alger, à partir de {{minFee}} dans les autres wilayas et jusqu’à {{maxFee}} dans l’extrême sud.",
          "Les frais de votre wilaya et le total de la commande s’affichent avant l’envoi de votre commande. Le tableau ci-dessous indique les frais et le délai de livraison de chaque wilaya.",
        ],
      },
      {
        heading: "Délais de livraison",
        paragraphs: [
          "La livraison prend 1 à 2 jours à Alger et dans les wilayas voisines, et jusqu’à 5 à 6 jours dans l’extrême sud.",
          "Ces délais sont indicatifs, comptés à partir de la confirmation de la commande, et peuvent être un peu plus longs pendant les jours fériés ou en cas de circonstances exceptionnelles.",
        ],
      },
      {
        heading: "Confirmation et réception",
        paragraphs: [
          "Après l’envoi de votre commande, nous vous appelons pour la confirmer avant l’expédition.",
          "À l’arrivée de la commande, vous payez en espèces au livreur le prix des articles et les frais de livraison.",
        ],
      },
    ],
  },

  terms: {
    title: "Conditions générales de vente",
    description: "Les conditions de commande, de vente et de livraison applicables chez {{shopName}}.",
    intro: "En utilisant {{shopName}} et en passant commande, vous acceptez les conditions suivantes ; merci de les lire attentivement.",
    sections: [
      {
        heading: "Commandes",
        paragraphs: [
          "Vous pouvez commander depuis le panier ou avec le formulaire d’achat rapide, sans créer de compte. La commande envoyée est une demande d’achat qui ne devient définitive qu’après sa confirmation par téléphone.",
          "Si un produit est en rupture de stock ou ne peut pas être fourni, nous vous en informons lors de l’appel de confirmation.",
        ],
      },
      {
        heading: "Prix et paiement",
        paragraphs: [
          "Tous les prix sont affichés en dinars algériens (DA), et le prix affiché au moment de l’envoi de la commande fait foi. Les frais de livraison de votre wilaya s’y ajoutent et sont indiqués avant l’envoi de la commande.",
          "Le paiement se fait en espèces à la livraison, ou par virement bancaire si cela est convenu lors de l’appel de confirmation.",
        ],
      },
      {
        heading: "Confirmation et annulation",
        paragraphs: [
          "Nous vous appelons au numéro indiqué pour confirmer les produits, les quantités et l’adresse avant l’expédition. Si nous ne parvenons pas à vous joindre après plusieurs tentatives, nous pouvons annuler la commande.",
          {
            text: "Vous pouvez annuler gratuitement votre commande tant qu’elle n’a pas été expédiée, via la page contact ou au {{phone}}. Après l’expédition, c’est la politique de retour qui s’applique.",
            noPhone:
              "Vous pouvez annuler gratuitement votre commande tant qu’elle n’a pas été expédiée, via la page contact. Après l’expédition, c’est la politique de retour qui s’applique.",
          },
        ],
      },
      {
        heading: "Responsabilité",
        paragraphs: [
          "Nous veillons à l’exactitude des descriptions et des photos de nos produits, mais les photos sont indicatives et les couleurs peuvent légèrement varier.",
          "Nous ne sommes pas responsables des retards dus à un cas de force majeure ni d’une mauvaise utilisation des produits. Dans tous les cas, notre responsabilité est limitée à la valeur de la commande concernée, dans les limites permises par la loi.",
        ],
      },
      {
        heading: "Droit applicable",
        paragraphs: [
          "Les présentes conditions sont régies par le droit algérien, notamment la loi n° 18-05 relative au commerce électronique. En cas de litige, nous recherchons d’abord une solution à l’amiable ; à défaut, le litige est porté devant les juridictions algériennes compétentes.",
        ],
      },
    ],
  },

  returns: {
    title: "Retours et échanges",
    description: "Retournez ou échangez les produits {{shopName}} dans les 14 jours suivant leur réception, à quelques conditions simples.",
    intro:
      "Votre satisfaction compte pour nous : si un produit ne vous convient pas, vous pouvez le retourner ou l’échanger dans les 14 jours suivant sa réception.",
    sections: [
      {
        heading: "Délai de retour",
        paragraphs: ["Nous acceptons les demandes de retour et d’échange dans les 14 jours suivant la réception de la commande."],
      },
      {
        heading: "Conditions",
        paragraphs: [
          "Le produit doit être non utilisé, dans son emballage d’origine et avec tous ses accessoires. Les parfums doivent être encore scellés.",
          "Vous devez présenter une preuve de commande, comme le bon de livraison ou le numéro de téléphone utilisé pour commander.",
        ],
      },
      {
        heading: "Comment demander un retour",
        paragraphs: [
          {
            text: "Contactez-nous via la page contact ou au {{phone}}, en précisant le produit et le motif du retour, et nous vous expliquerons comment nous le renvoyer.",
            noPhone:
              "Contactez-nous via la page contact, en précisant le produit et le motif du retour, et nous vous expliquerons comment nous le renvoyer.",
          },
        ],
      },
      {
        heading: "Remboursement ou échange",
        paragraphs: [
          "Après réception et vérification du produit, nous l’échangeons contre un autre produit ou nous vous remboursons, selon votre choix.",
          "Le remboursement se fait par virement sur votre compte bancaire ou postal (CCP).",
        ],
      },
      {
        heading: "Frais de retour",
        paragraphs: [
          "Si le produit est défectueux ou ne correspond pas à votre commande, nous prenons en charge les frais de retour et l’envoi du produit de remplacement.",
          "Si vous le retournez parce que vous avez changé d’avis, les frais de renvoi sont à votre charge.",
        ],
      },
    ],
  },

  privacy: {
    title: "Politique de confidentialité",
    description: "Comment {{shopName}} collecte, utilise et protège vos données personnelles conformément à la loi algérienne n° 18-07.",
    intro:
      "Nous respectons votre vie privée et ne collectons que les données nécessaires à la livraison de votre commande, conformément à la loi n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel.",
    sections: [
      {
        heading: "Données collectées",
        paragraphs: [
          "Lors d’une commande, nous collectons vos nom et prénom, votre numéro de téléphone, votre wilaya, votre adresse et le détail de votre commande (produits, quantités et montant).",
          "Aucun compte n’est nécessaire pour acheter chez nous.",
        ],
      },
      {
        heading: "Pourquoi nous les utilisons",
        paragraphs: [
          "Nous utilisons ces données uniquement pour confirmer votre commande par téléphone, la livrer et en assurer le suivi. La société de livraison ne reçoit que les informations nécessaires à la livraison.",
        ],
      },
      {
        heading: "Ce que nous ne faisons pas",
        paragraphs: [
          "Nous ne collectons aucune donnée de carte bancaire, car nous n’acceptons pas le paiement par carte en ligne.",
          "Nous ne vendons, ne louons ni ne cédons vos données à quiconque à des fins commerciales.",
        ],
      },
      {
        heading: "Cookies et stockage dans le navigateur",
        paragraphs: [
          "Nous utilisons des cookies uniquement pour retenir la langue choisie et pour la session de connexion de l’espace d’administration, réservé à l’équipe de la boutique. Nous n’utilisons aucun cookie publicitaire.",
          "Votre panier est conservé dans votre navigateur, sur votre appareil, et son contenu ne nous parvient qu’à l’envoi de la commande. Si vous ouvrez un lien partagé par notre boutique, nous enregistrons le clic sur ce lien pour en compter les visites.",
        ],
      },
      {
        heading: "Vos droits et la suppression de vos données",
        paragraphs: [
          {
            text: "Vous avez le droit d’accéder à vos données, de les faire rectifier, de vous opposer à leur traitement et d’en demander la suppression. Pour cela, écrivez-nous à {{email}} ou passez par la page contact ; nous vous répondrons dans les meilleurs délais.",
            noEmail:
              "Vous avez le droit d’accéder à vos données, de les faire rectifier, de vous opposer à leur traitement et d’en demander la suppression. Pour cela, passez par la page contact ; nous vous répondrons dans les meilleurs délais.",
          },
          "Nous ne conservons vos données que le temps nécessaire au traitement de votre commande et au respect de nos obligations légales. Vous pouvez également saisir l’Autorité nationale de protection des données à caractère personnel (ANPDP).",
        ],
      },
    ],
  },

  paymentMethods: {
    title: "Modes de paiement",
    description: "Payez chez {{shopName}} en espèces à la livraison ou par virement bancaire, sans paiement par carte en ligne.",
    intro: "Nous vous proposons deux façons simples et sûres de payer, sans carte bancaire.",
    sections: [
      {
        heading: "Paiement à la livraison",
        paragraphs: [
          "C’est le mode le plus utilisé : vous envoyez votre commande, nous vous appelons pour la confirmer, puis vous payez en espèces au livreur à la réception.",
          "Le montant comprend le prix des produits et les frais de livraison de votre wilaya ; il vous est indiqué avant l’envoi de la commande.",
        ],
      },
      {
        heading: "Virement bancaire",
        paragraphs: [
          "Le virement bancaire convient aux grosses commandes et aux commandes en gros. Si vous le choisissez, nous vous communiquons les coordonnées du compte lors de l’appel de confirmation.",
          "Nous préparons et expédions la commande dès réception du virement ; gardez donc votre reçu de virement jusqu’à la livraison.",
        ],
      },
      {
        heading: "Pas de paiement par carte en ligne",
        paragraphs: [
          "Nous n’acceptons pas le paiement par carte en ligne, et nous ne vous demanderons jamais votre numéro de carte ni votre code secret, ni sur le site ni par téléphone.",
        ],
      },
    ],
  },

  faq: {
    title: "Questions fréquentes",
    description: "Les réponses aux questions les plus fréquentes sur la livraison et la commande chez {{shopName}}.",
    intro: {
      text: "Voici les réponses aux questions que l’on nous pose le plus souvent. Si vous ne trouvez pas la vôtre, appelez-nous au {{phone}}.",
      noPhone:
        "Voici les réponses aux questions que l’on nous pose le plus souvent. Si vous ne trouvez pas la vôtre, contactez-nous via la page contact.",
    },
    items: [
      {
        question: "Combien de temps prend la livraison et combien coûte-t-elle ?",
        answer:
          "Nous livrons dans les 69 wilayas. La livraison prend 1 à 2 jours à Alger et dans ses environs, et jusqu’à 5 à 6 jours dans l’extrême sud. Elle est gratuite à Alger, à partir de {{minFee}} dans les autres wilayas et jusqu’à {{maxFee}} dans l’extrême sud. Les frais et le délai de votre wilaya s’affichent avant l’envoi de la commande, et la page Livraison les présente tous.",
      },
      {
        question: "Comment passer commande ?",
        answer:
          "Ajoutez le produit au panier ou appuyez sur le bouton d’achat rapide, puis saisissez votre nom et votre numéro de téléphone, choisissez votre wilaya et envoyez la commande. Nous vous appelons pour la confirmer avant l’expédition, et vous payez à la livraison.",
      },
    ],
  },
} satisfies StaticPages;
