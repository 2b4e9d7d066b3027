import { algiersNow, record, startBearerFake, type BearerFake, type FakeAnswer, type FakeRequest } from "./bearer-fake";

/**
 * A fake Noest (a test double of its public API, /api/public on a local port): the `user_guid`
 * required in every write, bulk create (drafts until validated, `poids` required), validation,
 * a label that redirects to an expiring PDF link, tracking in batches of at most 100, desks,
 * wilayas and communes, delete before validation, 401 and 429.
 */
export interface NoestParcel {
  tracking: string;
  reference: string;
  fields: Record<string, unknown>;
  validated: boolean;
  deleted: boolean;
  activity: { event_key: string; event: string; date: string; remarque?: string }[];
}

export interface FakeNoest extends BearerFake {
  userGuid: string;
  parcels: Map<string, NoestParcel>;
  setStatus(tracking: string, eventKey: string, options?: { remarque?: string; at?: Date }): void;
}

export const NOEST_WILAYAS = [
  { code: 16, nom: "Alger", is_active: 1 },
  { code: 31, nom: "Oran", is_active: 1 },
];

export const NOEST_COMMUNES: Record<number, { nom: string; wilaya_id: number; code_postal: string; is_active: number }[]> = {
  16: [
    { nom: "Bab Ezzouar", wilaya_id: 16, code_postal: "16024", is_active: 1 },
    { nom: "Hydra", wilaya_id: 16, code_postal: "16035", is_active: 1 },
  ],
  31: [{ nom: "Oran", wilaya_id: 31, code_postal: "31001", is_active: 1 }],
};

export const NOEST_DESKS = {
  "16A": { code: "16A", name: "Agence Bab Ezzouar", commune: "Bab Ezzouar", address: "Cité 5 Juillet, Bab Ezzouar", phones: { 0: "0550000000" } },
  "31A": { code: "31A", name: "Agence Oran", commune: "Oran", address: "Boulevard de l'ALN, Oran", phones: {} },
};

export async function startFakeNoest(options: { token?: string; userGuid?: string } = {}): Promise<FakeNoest> {
  const parcels = new Map<string, NoestParcel>();
  const userGuid = options.userGuid ?? "guid-secret-456";
  let next = 1;

  function guidRefusal(body: unknown): FakeAnswer | null {
    const guid = record(body).user_guid;
    if (guid === undefined || guid === "") {
      return {
        status: 422,
        json: { message: "Le champ user guid est obligatoire.", errors: { user_guid: ["Le champ user guid est obligatoire."] } },
      };
    }
    if (guid !== userGuid) return { status: 422, json: { message: "user_guid invalide.", errors: { user_guid: ["user_guid invalide."] } } };
    return null;
  }

  function refusals(order: Record<string, unknown>): Record<string, string[]> | null {
    const errors: Record<string, string[]> = {};
    if (!/^0\d{8,9}$/.test(String(order.phone ?? ""))) errors.phone = ["Le format du numéro de téléphone est invalide."];
    const communes = NOEST_COMMUNES[Number(order.wilaya_id)];
    if (!communes) errors.wilaya_id = ["La wilaya sélectionnée est invalide."];
    else if (!communes.some((commune) => commune.nom === order.commune)) errors.commune = ["La commune sélectionnée est invalide."];
    if (order.poids === undefined) errors.poids = ["Le champ poids est obligatoire."];
    if (Number(order.stop_desk) === 1 && !(String(order.station_code ?? "") in NOEST_DESKS))
      errors.station_code = ["Le bureau sélectionné est invalide."];
    return Object.keys(errors).length > 0 ? errors : null;
  }

  function route(request: FakeRequest): FakeAnswer {
    const body = record(request.body);
    const label = /^\/labels\/([A-Z0-9-]+)\.pdf$/.exec(request.path);
    if (label) {
      if (Number(request.query.get("expires")) < Date.now()) return { status: 403, json: { message: "Request has expired" } };
      return { status: 200, bytes: new TextEncoder().encode(`%PDF-1.4\n% label ${label[1]}\n%%EOF\n`), contentType: "application/pdf" };
    }
    const communes = /^\/get\/communes\/(\d+)$/.exec(request.path);
    if (communes && request.method === "GET") return { status: 200, json: NOEST_COMMUNES[Number(communes[1])] ?? [] };
    const tracking = String(body.tracking ?? request.query.get("tracking") ?? "");
    const parcel = parcels.get(tracking);
    switch (`${request.method} ${request.path}`) {
      case "GET /get/wilayas":
        return { status: 200, json: NOEST_WILAYAS };
      case "GET /desks":
        return { status: 200, json: NOEST_DESKS };
      case "POST /create/orders": {
        const refused = guidRefusal(body);
        if (refused) return refused;
        const orders = Array.isArray(body.orders) ? body.orders.map(record) : [];
        if (orders.length === 0 || orders.length > 100)
          return { status: 422, json: { message: "Entre 1 et 100 commandes.", errors: { orders: ["Entre 1 et 100 commandes."] } } };
        const passed: unknown[] = [];
        const failed: unknown[] = [];
        for (const order of orders) {
          const reference = String(order.reference ?? "");
          const errors = refusals(order);
          if (errors) {
            failed.push({ reference, ...errors });
            continue;
          }
          const created = `NOE-${String(next++).padStart(5, "0")}`;
          parcels.set(created, {
            tracking: created,
            reference,
            fields: order,
            validated: false,
            deleted: false,
            activity: [{ event_key: "upload", event: "Colis créé", ...joined() }],
          });
          passed.push({ success: true, tracking: created, reference });
        }
        return { status: 200, json: { success: failed.length === 0, passed, failed } };
      }
      case "POST /valid/order": {
        const refused = guidRefusal(body);
        if (refused) return refused;
        if (!parcel || parcel.deleted)
          return { status: 422, json: { message: "Tracking introuvable.", errors: { tracking: ["Tracking introuvable."] } } };
        if (!parcel.validated) {
          parcel.validated = true;
          parcel.activity.push({ event_key: "customer_validation", event: "Colis validé", ...joined() });
        }
        return { status: 200, json: { success: true } };
      }
      case "GET /get/order/label":
        if (!parcel || parcel.deleted) return { status: 422, json: { message: "Tracking introuvable." } };
        // A redirect to a pre-signed link that expires within minutes.
        return { status: 302, headers: { location: `/api/public/labels/${tracking}.pdf?expires=${Date.now() + 300_000}` } };
      case "POST /get/trackings/info": {
        const refused = guidRefusal(body);
        if (refused) return refused;
        const asked = Array.isArray(body.trackings) ? body.trackings.map(String) : [];
        if (asked.length === 0 || asked.length > 100) return { status: 422, json: { message: "Entre 1 et 100 trackings." } };
        const data: Record<string, unknown> = {};
        for (const one of asked) {
          const found = parcels.get(one);
          if (!found) continue;
          data[one] = {
            OrderInfo: { tracking: one, reference: found.reference, client: found.fields.client, montant: found.fields.montant },
            recipientName: found.fields.client,
            activity: found.activity,
          };
        }
        return { status: 200, json: data };
      }
      case "POST /delete/order": {
        const refused = guidRefusal(body);
        if (refused) return refused;
        if (!parcel || parcel.deleted) return { status: 422, json: { message: "Tracking introuvable." } };
        if (parcel.validated) return { status: 200, json: { success: false, message: "Impossible de supprimer un colis validé." } };
        parcel.deleted = true;
        return { status: 200, json: { success: true } };
      }
      default:
        return { status: 404, json: { message: "Not Found" } };
    }
  }

  const fake = await startBearerFake({
    prefix: "/api/public",
    token: options.token ?? "noest-token-secret-789",
    route,
    isPublic: (path) => path.startsWith("/labels/"),
  });
  return Object.assign(fake, {
    userGuid,
    parcels,
    setStatus(tracking: string, eventKey: string, at: { remarque?: string; at?: Date } = {}) {
      const parcel = parcels.get(tracking);
      if (!parcel) throw new Error(`no parcel ${tracking}`);
      parcel.activity.push({ event_key: eventKey, event: eventKey, ...joined(at.at), ...(at.remarque ? { remarque: at.remarque } : {}) });
    },
  });
}

/** Noest writes one "YYYY-MM-DD HH:MM:SS" in Algiers time. */
function joined(at?: Date): { date: string } {
  const { date, time } = algiersNow(at);
  return { date: `${date} ${time}` };
}
