import type { StaticPages } from "./types";

// English (translated from ar.ts). Placeholders: {{shopName}}, {{phone}}, {{email}}.
export default {
  about: {
    title: "About us",
    description: "Meet {{shopName}}, an Algerian online shop that delivers to all 69 wilayas, with cash on delivery.",
    intro:
      "{{shopName}} is an Algerian online shop that brings together what your family needs in one place, with clear prices in Algerian dinars and a service close to you.",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          "We are an Algerian team who started {{shopName}} to make online shopping simple and reliable for every Algerian family, from the north to the far south.",
          "You browse our products and order without creating an account; we take care of the rest.",
        ],
      },
      {
        heading: "What we sell",
        paragraphs: [
          "We offer home appliances, school supplies, games and toys, perfumes, jewellery, swimming pools and backpacks.",
          "We also take wholesale orders from retailers and businesses, who can contact us for special prices.",
        ],
      },
      {
        heading: "Cash on delivery",
        paragraphs: [
          "You pay nothing online: you pay for your order in cash to the delivery agent when you receive it. For large or wholesale orders you can also pay by bank transfer.",
        ],
      },
      {
        heading: "Delivery to 69 wilayas",
        paragraphs: [
          "We deliver to your door in all 69 wilayas. Delivery is free in Algiers; in the other wilayas the fee and delivery time depend on the wilaya, and both are shown before you send your order.",
        ],
      },
      {
        heading: "Contact us",
        paragraphs: [
          {
            text: "For any question or help with your order, call us on {{phone}} or email us at {{email}}.",
            noPhone: "For any question or help with your order, email us at {{email}} or reach us through the contact page.",
            noEmail: "For any question or help with your order, call us on {{phone}} or reach us through the contact page.",
            noContact: "For any question or help with your order, reach us through the contact page.",
          },
        ],
      },
    ],
  },

  shipping: {
    title: "Shipping and delivery",
    description: "Home delivery fees and times for all 69 wilayas with {{shopName}}, paid cash on delivery.",
    intro: "{{shopName}} delivers your orders to your door in all 69 wilayas of Algeria, and you pay on receipt.",
    sections: [
      {
        heading: "Delivery to every wilaya",
        paragraphs: [
          "We deliver to homes in all 69 wilayas, from Algiers to the far south.",
          "When you order, choose your wilaya and give a phone number we can reach you on; we check your full address with you during the confirmation call.",
        ],
      },
      {
        heading: "Delivery fees",
        paragraphs: [
          "The delivery fee depends on your wilaya: delivery is free in Algiers, starts at {{minFee}} in the other wilayas and goes up to {{maxFee}} in the far south.",
          "The fee for your wilaya and your order total are shown before you send your order. The table below lists the delivery fee and time for each wilaya.",
        ],
      },
      {
        heading: "Delivery times",
        paragraphs: [
          "Delivery takes 1 to 2 days in Algiers and the neighbouring wilayas, and up to 5 to 6 days in the far south.",
          "These times are estimates counted from the confirmation of your order, and may be slightly longer on public holidays or in exceptional circumstances.",
        ],
      },
      {
        heading: "Confirmation and receipt",
        paragraphs: [
          "After you send your order, we call you to confirm it before it is shipped.",
          "When your order arrives, you pay the delivery agent in cash for the items and the delivery fee.",
        ],
      },
    ],
  },

  terms: {
    title: "Terms and conditions",
    description: "The ordering, sales and delivery terms that apply at {{shopName}}.",
    intro: "By using {{shopName}} and sending an order, you accept the following terms, so please read them carefully.",
    sections: [
      {
        heading: "Orders",
        paragraphs: [
          "You can order from the cart or with the quick-buy form, without creating an account. An order you send is a purchase request and only becomes final once it is confirmed by phone.",
          "If a product is out of stock or cannot be supplied, we tell you during the confirmation call.",
        ],
      },
      {
        heading: "Prices and payment",
        paragraphs: [
          "All prices are shown in Algerian dinars (DA), and the price shown when you send your order applies. The delivery fee for your wilaya is added and shown before you send your order.",
          "Payment is cash on delivery, or by bank transfer when agreed during the confirmation call.",
        ],
      },
      {
        heading: "Confirmation and cancellation",
        paragraphs: [
          "We call you on the number you gave to confirm the products, quantities and address before shipping. If we cannot reach you after several attempts, we may cancel the order.",
          {
            text: "You can cancel your order free of charge as long as it has not been shipped, through the contact page or by calling {{phone}}. Once the order has been shipped, the returns policy applies.",
            noPhone:
              "You can cancel your order free of charge as long as it has not been shipped, through the contact page. Once the order has been shipped, the returns policy applies.",
          },
        ],
      },
      {
        heading: "Liability",
        paragraphs: [
          "We take care to describe and photograph our products accurately, but pictures are for illustration and colours may differ slightly.",
          "We are not liable for delays caused by force majeure or for misuse of the products. In all cases our liability is limited to the value of the order concerned, within the limits allowed by law.",
        ],
      },
      {
        heading: "Governing law",
        paragraphs: [
          "These terms are governed by Algerian law, in particular Law 18-05 on electronic commerce. In case of a dispute we first seek an amicable solution; failing that, the dispute is brought before the competent Algerian courts.",
        ],
      },
    ],
  },

  returns: {
    title: "Returns and exchanges",
    description: "Return or exchange {{shopName}} products within 14 days of receipt, under a few simple conditions.",
    intro: "Your satisfaction matters to us: if a product does not suit you, you can return or exchange it within 14 days of receiving it.",
    sections: [
      {
        heading: "Return period",
        paragraphs: ["We accept return and exchange requests within 14 days of the date you receive your order."],
      },
      {
        heading: "Conditions",
        paragraphs: [
          "The product must be unused and in its original packaging with all its accessories. Perfumes must still be sealed.",
          "You must provide proof of your order, such as the delivery slip or the phone number you ordered with.",
        ],
      },
      {
        heading: "How to request a return",
        paragraphs: [
          {
            text: "Contact us through the contact page or on {{phone}}, tell us which product and why you want to return it, and we will explain how to send it back.",
            noPhone:
              "Contact us through the contact page, tell us which product and why you want to return it, and we will explain how to send it back.",
          },
        ],
      },
      {
        heading: "Refund or exchange",
        paragraphs: [
          "Once we have received and checked the product, we exchange it for another product or refund you, as you prefer.",
          "Refunds are paid by transfer to your bank or postal (CCP) account.",
        ],
      },
      {
        heading: "Return shipping costs",
        paragraphs: [
          "If the product is faulty or not what you ordered, we pay for the return and for sending the replacement.",
          "If you are returning it because you changed your mind, the cost of sending it back is yours.",
        ],
      },
    ],
  },

  privacy: {
    title: "Privacy policy",
    description: "How {{shopName}} collects, uses and protects your personal data under Algerian Law 18-07.",
    intro:
      "We respect your privacy and collect only the data needed to deliver your order, in accordance with Law 18-07 of 10 June 2018 on the protection of natural persons in the processing of personal data.",
    sections: [
      {
        heading: "What we collect",
        paragraphs: [
          "When you order, we collect your first and last name, phone number, wilaya, address and the details of your order (products, quantities and amount).",
          "You do not need an account to shop with us.",
        ],
      },
      {
        heading: "Why we use it",
        paragraphs: [
          "We use this data only to confirm your order by phone, deliver it and follow it up. The delivery company receives only what it needs to deliver your order.",
        ],
      },
      {
        heading: "What we do not do",
        paragraphs: [
          "We collect no payment card data, because we do not accept card payments online.",
          "We do not sell, rent or share your data with anyone for commercial purposes.",
        ],
      },
      {
        heading: "Cookies and browser storage",
        paragraphs: [
          "We use cookies only to remember the language you chose and for the sign-in session of the administration area, which is for the shop staff only. We use no advertising cookies.",
          "Your cart is kept in your browser on your device, and its contents reach us only when you send an order. If you open a link shared by our shop, we record the click on that link to count its visits.",
        ],
      },
      {
        heading: "Your rights and deletion requests",
        paragraphs: [
          {
            text: "You have the right to access and correct your data, to object to its processing and to ask for it to be deleted. To do so, email us at {{email}} or use the contact page, and we will answer as soon as possible.",
            noEmail:
              "You have the right to access and correct your data, to object to its processing and to ask for it to be deleted. To do so, reach us through the contact page, and we will answer as soon as possible.",
          },
          "We keep your data only as long as needed to handle your order and meet our legal obligations. You may also lodge a complaint with the National Authority for the Protection of Personal Data (ANPDP).",
        ],
      },
    ],
  },

  paymentMethods: {
    title: "Payment methods",
    description: "Pay at {{shopName}} cash on delivery or by bank transfer, with no online card payment.",
    intro: "We offer two simple and safe ways to pay, with no bank card needed.",
    sections: [
      {
        heading: "Cash on delivery",
        paragraphs: [
          "This is the most common way: you send your order, we call you to confirm it, then you pay the delivery agent in cash when you receive it.",
          "The amount covers the products and the delivery fee for your wilaya, and is shown before you send your order.",
        ],
      },
      {
        heading: "Bank transfer",
        paragraphs: [
          "Bank transfer suits large and wholesale orders. If you choose it, we give you the account details during the order confirmation call.",
          "We prepare and ship the order once the transfer has been received, so keep your transfer receipt until delivery.",
        ],
      },
      {
        heading: "No online card payment",
        paragraphs: [
          "We do not accept card payments online, and we will never ask for your card number or PIN, neither on the website nor by phone.",
        ],
      },
    ],
  },

  faq: {
    title: "Frequently asked questions",
    description: "Answers to the most common questions about delivery and ordering at {{shopName}}.",
    intro: {
      text: "Here are the answers to the questions we are asked most often. If you do not find yours, call us on {{phone}}.",
      noPhone: "Here are the answers to the questions we are asked most often. If you do not find yours, reach us through the contact page.",
    },
    items: [
      {
        question: "How long does delivery take and how much does it cost?",
        answer:
          "We deliver to all 69 wilayas. Delivery takes 1 to 2 days in and around Algiers and up to 5 to 6 days in the far south. It is free in Algiers, starts at {{minFee}} in the other wilayas and goes up to {{maxFee}} in the far south. The fee and time for your wilaya are shown before you send your order, and the shipping page lists them all.",
      },
      {
        question: "How do I order a product?",
        answer:
          "Add the product to your cart or press the quick-buy button, then enter your name and phone number, choose your wilaya and send the order. We call you to confirm it before shipping, and you pay on delivery.",
      },
    ],
  },
} satisfies StaticPages;
