import { redirect } from "react-router";
import { requireAdmin } from "~/server/http/admin-session.server";
import type { Route } from "./+types/index";

/** /admin: the products list is the admin's home. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "signed_in");
  throw redirect("/admin/products", 302);
}

export default function AdminIndex() {
  return null;
}
