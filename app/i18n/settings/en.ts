import type { SettingsDictionary } from "./ar";

const settings: SettingsDictionary = {
  admin: {
    title: "Shop settings",
    intro: "The shop's name, contacts and legal notices as shoppers see them. Leave a field empty to hide it.",
    sections: {
      name: "Shop name",
      contact: "Contact",
      social: "Social networks",
      legal: "Legal notices",
    },
    fields: {
      nameAr: "Name in Arabic",
      nameEn: "Name in English",
      nameFr: "Name in French",
      phone: "Phone number",
      whatsapp: "WhatsApp number",
      email: "E-mail",
      address: "Address",
      facebookUrl: "Facebook page",
      instagramUrl: "Instagram account",
      tiktokUrl: "TikTok account",
      rc: "Trade register number (RC)",
      nif: "Tax identification number (NIF)",
    },
    hints: {
      name: "Empty: the default name is used ({{name}})",
      phone: "An Algerian mobile number, e.g. 0550123456",
      url: "An https link starting with",
      nif: "15 digits",
    },
    save: "Save the settings",
    saved: "The shop settings are saved",
    invalid: "Check the fields marked below",
    saveFailed: "The settings could not be saved, try again",
  },
  banner: {
    noPhone: "The shop has no phone number yet: shoppers see no number to call.",
    link: "Add it in the shop settings",
  },
  errors: {
    tooLong: "Too long: {{max}} characters at most",
    phone: "Enter a valid Algerian mobile number (05, 06 or 07 then 8 digits)",
    email: "Enter a valid e-mail address",
    url: "Enter the link of a page on the right site, starting with https://",
    rc: "Enter the trade register number as on the extract (digits, letters, / and -)",
    nif: "The tax identification number has 15 digits",
  },
  legal: {
    title: "Legal notice",
    description: "The seller's details: name, trade register number, tax identification number and address.",
    intro: "This online shop is run by the seller below, under the Algerian law on electronic commerce.",
    seller: "Seller",
    rc: "Trade register number (RC)",
    nif: "Tax identification number (NIF)",
    address: "Address",
    phone: "Phone",
    email: "E-mail",
    pending: "This information is being updated.",
  },
  contact: {
    whatsapp: "Message us on WhatsApp",
    address: "Address",
    noContact: "You can order straight from the form: we will call you to confirm your order.",
  },
  product: {
    label: "Order another way",
    whatsapp: "Order on WhatsApp",
    call: "Call to order",
    whatsappMessage: "Hello, I would like to order this product:\n{{title}}\nPrice: {{price}}\n{{url}}",
    /** With the quantity offer the shopper picked: its label and its total. */
    whatsappOfferMessage: "Hello, I would like to order this product:\n{{title}}\n{{offer}} — {{total}}\n{{url}}",
  },
};

export default settings;
