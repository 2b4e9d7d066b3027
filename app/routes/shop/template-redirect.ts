import { redirect } from "react-router";

/**
 * /ecommerce-template and /template/{id}: addresses of the old shop with no content of their own;
 * the shop has nothing to show there. A permanent redirect to the home page keeps old links and
 * search results working without a page that says nothing.
 */
export function loader() {
  return redirect("/", 301);
}
