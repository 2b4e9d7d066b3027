import { algiersNow, record, startBearerFake, type BearerFake, type FakeAnswer, type FakeRequest } from "./bearer-fake";

/**
 * A fake Ecotrack tenant (a test double of its API, /api/v1 on a local port): wilayas and communes
 * (with stop-desks), bulk create with per-field refusals in the courier's words, validation, PDF
 * labels, tracking in batches of at most 100, delete before validation, 401 and 429.
 */
export interface EcotrackParcel {
  tracking: string;
  reference: string;
  fields: Record<string, unknown>;
  validated: boolean;
  deleted: boolean;
  activity: { status: string; date: string; time: string; reason?: string }[];
}

export interface FakeEcotrack extends BearerFake {
  parcels: Map<string, EcotrackParcel>;
  /** Moves a parcel: one more event of its activity, in the courier's word. */
  setStatus(tracking: string, status: string, options?: { reason?: string; at?: Date }): void;
}

export const ECOTRACK_WILAYAS = [
  { wilaya_id: 16, wilaya_name: "Alger" },
  { wilaya_id: 31, wilaya_name: "Oran" },
];

export const ECOTRACK_COMMUNES = [
  { nom: "Bab Ezzouar", wilaya_id: 16, code_postal: "16024", has_stop_desk: 1 },
  { nom: "Hydra", wilaya_id: 16, code_postal: "16035", has_stop_desk: 0 },
  { nom: "Oran", wilaya_id: 31, code_postal: "31001", has_stop_desk: 1 },
];

export async function startFakeEcotrack(options: { token?: string } = {}): Promise<FakeEcotrack> {
  const parcels = new Map<string, EcotrackParcel>();
  let next = 1;

  function refusals(order: Record<string, unknown>): Record<string, string[]> | null {
    const errors: Record<string, string[]> = {};
    if (!/^\d{9,10}$/.test(String(order.telephone ?? ""))) errors.telephone = ["Le champ telephone doit avoir entre 9 et 10 chiffres."];
    const wilaya = Number(order.code_wilaya);
    if (!Number.isInteger(wilaya) || wilaya < 1 || wilaya > 58) errors.code_wilaya = ["Le champ code wilaya doit être entre 1 et 58."];
    else if (!ECOTRACK_COMMUNES.some((commune) => commune.wilaya_id === wilaya && commune.nom === order.commune)) {
      errors.commune = ["La commune sélectionnée n'existe pas dans cette wilaya."];
    }
    for (const field of ["nom_client", "adresse", "montant", "type"]) {
      if (order[field] === undefined || order[field] === "") errors[field] = [`Le champ ${field} est obligatoire.`];
    }
    return Object.keys(errors).length > 0 ? errors : null;
  }

  function route(request: FakeRequest): FakeAnswer {
    const key = `${request.method} ${request.path}`;
    const tracking = request.query.get("tracking") ?? "";
    const parcel = parcels.get(tracking);
    switch (key) {
      case "GET /get/wilayas":
        return { status: 200, json: ECOTRACK_WILAYAS };
      case "GET /get/communes":
        // An object keyed by index, as Ecotrack answers.
        return { status: 200, json: Object.fromEntries(ECOTRACK_COMMUNES.map((commune, index) => [String(index), commune])) };
      case "POST /create/orders": {
        const orders = record(record(request.body).orders);
        const entries = Object.values(orders).map(record);
        if (entries.length === 0 || entries.length > 100)
          return { status: 422, json: { message: "Le nombre de commandes doit être entre 1 et 100." } };
        const results: Record<string, unknown> = {};
        entries.forEach((order, index) => {
          const reference = typeof order.reference === "string" ? order.reference : String(index);
          const errors = refusals(order);
          if (errors) {
            results[reference] = errors;
            return;
          }
          const created = `ECO${String(next++).padStart(6, "0")}`;
          parcels.set(created, { tracking: created, reference, fields: order, validated: false, deleted: false, activity: [] });
          results[reference] = { success: true, tracking: created };
        });
        return { status: 200, json: { results } };
      }
      case "POST /valid/order":
        if (!parcel || parcel.deleted) return { status: 200, json: { success: false, message: "Tracking introuvable." } };
        if (!parcel.validated) {
          parcel.validated = true;
          parcel.activity.push({ status: "order_information_received_by_carrier", ...algiersNow() });
        }
        return { status: 200, json: { success: true, message: "La commande a été validée." } };
      case "GET /get/order/label":
        if (!parcel || parcel.deleted) return { status: 422, json: { message: "Tracking introuvable." } };
        return { status: 200, bytes: new TextEncoder().encode(`%PDF-1.4\n% label ${tracking}\n%%EOF\n`), contentType: "application/pdf" };
      case "GET /get/trackings/info": {
        const asked = request.query.getAll("trackings[]");
        if (asked.length === 0 || asked.length > 100) return { status: 422, json: { message: "Entre 1 et 100 trackings." } };
        const data: Record<string, unknown> = {};
        for (const one of asked) {
          const found = parcels.get(one);
          if (!found) continue;
          data[one] = {
            recipientName: found.fields.nom_client,
            shippedBy: "Fake Ecotrack",
            OrderInfo: { tracking: one, reference: found.reference, montant: found.fields.montant },
            activity: found.activity,
          };
        }
        return { status: 200, json: data };
      }
      case "DELETE /delete/order":
        if (!parcel || parcel.deleted) return { status: 200, json: { success: false, message: "Tracking introuvable." } };
        if (parcel.validated) return { status: 200, json: { success: false, message: "Impossible de supprimer une commande déjà expédiée." } };
        parcel.deleted = true;
        return { status: 200, json: { success: true } };
      default:
        return { status: 404, json: { message: "Not Found" } };
    }
  }

  const fake = await startBearerFake({ prefix: "/api/v1", token: options.token ?? "eco-token-secret-123", route });
  return Object.assign(fake, {
    parcels,
    setStatus(tracking: string, status: string, at: { reason?: string; at?: Date } = {}) {
      const parcel = parcels.get(tracking);
      if (!parcel) throw new Error(`no parcel ${tracking}`);
      parcel.activity.push({ status, ...algiersNow(at.at), ...(at.reason ? { reason: at.reason } : {}) });
    },
  });
}
