import type { AdminDictionary } from "./ar";

const admin: AdminDictionary = {
  title: "Dashboard",
  signedInAs: "Signed in as {{email}}",
  logout: "Sign out",
  tabsLabel: "Dashboard sections",
  tabs: {
    products: "Products",
    orders: "Orders",
    inventory: "Inventory",
    "custom-pages": "Custom pages",
    collections: "Collections",
    "page-layouts": "Page layouts",
    analytics: "Analytics",
    categories: "Categories",
    sections: "Sections",
    delivery: "Delivery",
    couriers: "Couriers",
    settings: "Settings",
  },
  comingLater: "This section arrives later",
  login: {
    title: "Admin sign-in",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    wrongCredentials: "Incorrect password",
    throttled: "Too many failed attempts. Please wait 15 minutes and try again.",
    missingFields: "Enter your email and password.",
  },
  errors: {
    unauthorized: "Your session has ended or you are not signed in. Please sign in.",
    cross_site: "The request was refused because it did not come from this site.",
    forbidden: "Your role does not give access to this page. Ask the shop’s owner.",
    signInAgain: "Sign in",
  },
};

export default admin;
