import type { AppliancesDictionary } from "./ar";

const appliances: AppliancesDictionary = {
  meta: {
    title: "Home Appliances",
    categoryTitle: "{{category}} - Home Appliances",
    description:
      "Home appliances for the kitchen, cleaning, cooling, personal care and laundry, with cash on delivery and delivery to every wilaya of Algeria.",
  },
  hero: {
    eyebrow: "For every Algerian home",
    title: "Home Appliances",
    text: "Everything your home needs for cooking, cleaning, cooling, personal care and laundry, in one place and delivered to your door.",
    browse: "Browse appliances",
    points: {
      cod: "Cash on delivery",
      delivery: "Delivery to 69 wilayas",
      returns: "14-day returns",
    },
  },
  filter: {
    title: "Shop by category",
    label: "Home appliance categories",
    all: "All appliances",
    allDescription: "The newest appliances from all six categories.",
  },
  categories: {
    kitchen: { name: "Kitchen Appliances", description: "Appliances that make cooking and preparing drinks easier every day." },
    cleaning: { name: "Cleaning Appliances", description: "Powerful vacuums and cleaners for a clean home with less effort." },
    cooling: { name: "Cooling & Air Conditioning", description: "Air conditioners, fans and fridges for a comfortable summer." },
    "personal-care": { name: "Personal Care", description: "Appliances for hair care, shaving and everyday health." },
    "small-appliances": { name: "Small Appliances", description: "Small, practical home appliances for everyday use." },
    laundry: { name: "Laundry & Ironing", description: "Washing machines and irons to look after your clothes." },
  },
  grid: {
    title: "Newest appliances",
    categoryTitle: "Newest in {{category}}",
    shown: "Showing the newest {{shown}} of {{total}}",
    viewAll: "See all of {{category}}",
    viewAllCategories: "Browse all categories",
    empty: "No appliances are available in this category right now. Try another category or call us and we will find it for you.",
    empty_noPhone:
      "No appliances are available in this category right now. Try another category or reach us through the contact page and we will find it for you.",
  },
  why: {
    title: "Why buy your appliances from us?",
    authentic: { title: "Genuine products", text: "New appliances in their original box, chosen for quality and durability." },
    cod: { title: "Cash on delivery", text: "Pay nothing in advance: check your order and pay when it arrives, or by bank transfer if you prefer." },
    delivery: { title: "Delivery to every wilaya", text: "We deliver to all 69 wilayas, and you see the delivery fee and time before you order." },
    returns: { title: "14-day returns", text: "If the appliance does not suit you, you can return it within 14 days of delivery." },
  },
  help: {
    title: "Not sure which appliance to choose?",
    text: "Tell us what you need, the size of your home and your budget, and we will help you pick the right appliance before you order.",
    contact: "Write to us",
    call: "Call us",
  },
};

export default appliances;
