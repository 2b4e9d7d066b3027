import type arPages from "./ar";

// English (translated from ar.ts). Placeholders: {{shopName}}.
const pages: typeof arPages = {
  contact: {
    title: "Contact us",
    description: "Reach {{shopName}} by phone or e-mail: order your products, ask about the delivery fee to your wilaya and get free advice.",
    intro:
      "The {{shopName}} team is here to take your order and answer your questions. Call us or write to us and we will get back to you as soon as possible.",
    intro_noPhone:
      "The {{shopName}} team is here to take your order and answer your questions. Order with the form below and we will call you to confirm it.",
    call: "Call us",
    write: "Write to us",
    quickOrder: {
      title: "Quick order",
      text: "Order now with a phone call: tell us the product, the quantity and your wilaya, and we take your order and confirm it with you straight away.",
      text_noPhone: "Or write to us: tell us the product, the quantity and your wilaya, and we take your order and call you to confirm it.",
      emailSubject: "Product order",
    },
    deliveryCalculator: {
      title: "Delivery price to your wilaya",
      text: "Call us and tell us your wilaya: we give you the delivery fee and time before you order.",
      emailSubject: "Question about delivery fees",
      tableLink: "Delivery fees and times for every wilaya",
    },
    why: {
      title: "Why choose us?",
      expertise: {
        title: "Expert knowledge",
        text: "We know our products well and recommend what suits your needs and your budget.",
      },
      authentic: {
        title: "Authentic products",
        text: "We source our products from trusted suppliers and sell them at clear prices in Algerian dinars.",
      },
      personal: {
        title: "Personal service",
        text: "Every customer matters to us: we follow your order with you from the first call until it reaches you.",
      },
      fast: {
        title: "Fast delivery",
        text: "We ship your order as soon as it is confirmed and deliver it to your door in all 69 wilayas.",
      },
    },
    cta: {
      title: "Need advice before you buy?",
      text: "Write to us for a free consultation: we help you choose the right product, with no obligation.",
      text_noEmail: "Discover our services: we help you choose the right product, free of charge and with no obligation.",
      consultation: "Ask for a free consultation",
      consultationSubject: "Free consultation request",
      services: "Discover our services",
    },
  },
  services: {
    title: "Our services",
    description:
      "Cash on delivery in 69 wilayas, order confirmation by phone, 14-day returns, wholesale orders, after-sales help and advice by phone at {{shopName}}.",
    intro: "At {{shopName}} we do more than sell: we are with you before and after your order, from choosing the product to receiving it and beyond.",
    cashOnDelivery: {
      title: "Cash on delivery in 69 wilayas",
      text: "Nothing to pay online: we deliver your order to your door in any wilaya and you pay the delivery agent in cash when it arrives.",
      link: "Delivery fees and times",
    },
    phoneConfirmation: {
      title: "Order confirmation by phone",
      text: "After you send your order, we call you to confirm the product, the quantity and the address before shipping: nothing leaves without your approval.",
    },
    returns: {
      title: "Returns and exchanges within 14 days",
      text: "If a product does not suit you, you can return or exchange it within 14 days of receiving it, under a few simple conditions.",
      link: "Returns policy",
    },
    wholesale: {
      title: "Wholesale orders for businesses and schools",
      text: "For shops, companies and schools: we supply large quantities at special prices, and you can also pay by bank transfer.",
      link: "See our wholesale offers",
    },
    afterSales: {
      title: "After-sales help for appliances",
      text: "A problem with an appliance you bought from us? Call us: we help you set it up and use it, and follow up the warranty steps with you when needed.",
      text_noPhone:
        "A problem with an appliance you bought from us? Reach us through the contact page: we help you set it up and use it, and follow up the warranty steps with you when needed.",
    },
    advice: {
      title: "Advice by phone",
      title_noPhone: "Free advice",
      text: "Not sure what to choose? Call us and we will recommend, free of charge, the product that fits your needs and your budget.",
      text_noPhone:
        "Not sure what to choose? Reach us through the contact page and we will recommend, free of charge, the product that fits your needs and your budget.",
    },
    cta: {
      title: "A question or a special request?",
      text: "Our team is here for you by phone and by e-mail.",
      text_contactPage: "Our team is here for you: reach us through the contact page.",
      button: "Contact us",
    },
  },
};

export default pages;
