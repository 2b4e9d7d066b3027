import type { ReactNode } from "react";
import { AdminErrorBoundary } from "~/components/admin/AdminLoadError";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect } from "react-router";
import { ProductForm } from "~/components/admin/ProductForm";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import {
  EMPTY_PRODUCT_FORM,
  MAX_IMAGE_MEGABYTES,
  MAX_IMAGES_PER_UPLOAD,
  MAX_PRODUCT_FORM_BYTES,
  offerFieldName,
  offerRowsOf,
} from "~/lib/admin-product";
import type { ProductErrorKey, ProductFieldName, ProductFormFields } from "~/lib/admin-product.schema";
import { variantRowsOf, VARIANTS_MARKER } from "~/lib/admin-product-variants";
import { productPath } from "~/lib/product";
import { ADMIN_HEADERS, adminPageHeaders, requireAdmin, requireAdminAction } from "~/server/http/admin-session.server";
import {
  deleteProduct,
  deleteProductImage,
  getAdminProduct,
  listTaxonomyOptions,
  moveProductImage,
  saveProduct,
  submittedFormValues,
} from "~/server/catalog/index.server";
import { type ImageError, uploadedFiles } from "~/server/images/index.server";
import { requestI18n } from "~/server/http/request-i18n.server";
import { getStorage } from "~/server/storage/index.server";
import { getDb } from "~/server/db/connection.server";
import { BodyTooLargeError, readFormWithin } from "~/server/http/form-body.server";
import type { Route } from "./+types/product-edit";

/**
 * /admin/products/new and /admin/products/:id: a page rather than a modal, so the long form
 * scrolls naturally on phones, works without JavaScript and has an address (decision 0008).
 * ?delete shows the delete confirmation (a POST with intent=delete); ?saved, ?images flash a message.
 */

type FlashKey = "saved" | "imageMoved" | "imageDeleted";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "catalogue");
  const { language, t } = await requestI18n(request);
  const db = getDb();
  const url = new URL(request.url);
  const options = await listTaxonomyOptions(db, language);
  const id = params.id ?? null;
  if (id === null) {
    return data({ product: null, notFound: false, confirmDelete: false, flash: null, ...options, title: t("adminProducts.newProduct") });
  }
  const product = await getAdminProduct(db, id);
  if (!product) {
    return data(
      { product: null, notFound: true, confirmDelete: false, flash: null, ...options, title: t("adminProducts.messages.notFound") },
      { status: 404 },
    );
  }
  const images = url.searchParams.get("images");
  const flash: FlashKey | null = url.searchParams.has("saved")
    ? "saved"
    : images === "moved"
      ? "imageMoved"
      : images === "deleted"
        ? "imageDeleted"
        : null;
  return data({
    product,
    notFound: false,
    confirmDelete: url.searchParams.has("delete"),
    flash,
    ...options,
    title: t("adminProducts.editProduct"),
  });
}

export const headers: Route.HeadersFunction = adminPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex, nofollow" }];

type ActionMessage = ProductErrorKey | "saveFailed" | "deleteFailed" | "notFound" | "imageFailed" | "bodyTooLarge" | "stale" | null;

interface ActionResult {
  formError: ActionMessage;
  fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>>;
  imageError: ImageError | null;
  values: ReturnType<typeof submittedFormValues> | null;
  /** The version the refused form was opened at: shown again, so only a reload (the latest version) lets the edit through. */
  expectedUpdatedAt: string | null;
}

function answer(status: number, result: Partial<ActionResult>) {
  return data<ActionResult>(
    { formError: null, fieldErrors: {}, imageError: null, values: null, expectedUpdatedAt: null, ...result },
    { status, headers: ADMIN_HEADERS },
  );
}

const TEXT_FIELDS = [
  "slug",
  "title",
  "titleEn",
  "titleFr",
  "description",
  "descriptionEn",
  "descriptionFr",
  "price",
  "compareAtPrice",
  "category",
  "sectionId",
  "inStock",
  "stockQuantity",
  "lowStockThreshold",
  "sku",
  "target",
] as const;

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request, "catalogue");
  let form: FormData;
  try {
    form = await readFormWithin(request, MAX_PRODUCT_FORM_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(413, { formError: "bodyTooLarge" });
    return answer(400, { formError: "saveFailed" });
  }
  const db = getDb();
  const storage = getStorage();
  const id = params.id ?? null;
  const intent = form.get("intent");

  if (intent === "save") {
    const fields: ProductFormFields = {};
    for (const name of TEXT_FIELDS) {
      const value = form.get(name);
      if (typeof value === "string") fields[name] = value;
    }
    // The offer rows, only when the form has them (another client's save leaves the offers alone).
    if (form.has(offerFieldName(0, "quantity"))) fields.offers = offerRowsOf((name) => form.get(name));
    // The options and variants, likewise only when the form carried their editor.
    if (form.has(VARIANTS_MARKER)) fields.variants = variantRowsOf((name) => form.get(name));
    const expected = form.get("expectedUpdatedAt");
    const expectedUpdatedAt = typeof expected === "string" && expected !== "" ? expected : null;
    const files = await uploadedFiles(form.getAll("images"));
    const result = await saveProduct(db, storage, { id, fields, files, expectedUpdatedAt });
    if (result.ok) throw redirect(`/admin/products/${encodeURIComponent(result.id)}?saved=1`, { status: 303, headers: ADMIN_HEADERS });
    return answer(result.status, {
      formError: result.formError,
      fieldErrors: result.fieldErrors,
      imageError: result.imageError,
      values: submittedFormValues(fields),
      expectedUpdatedAt,
    });
  }
  if (id === null) return answer(400, { formError: "saveFailed" });

  if (intent === "delete") {
    const result = await deleteProduct(db, storage, id);
    if (result.ok) throw redirect("/admin/products?deleted=1", { status: 303, headers: ADMIN_HEADERS });
    return answer(result.status, { formError: result.error === "notFound" ? "notFound" : "deleteFailed" });
  }

  const imageId = Number(form.get("imageId"));
  if ((intent === "image-up" || intent === "image-down" || intent === "image-delete") && Number.isSafeInteger(imageId)) {
    const result =
      intent === "image-delete"
        ? await deleteProductImage(db, storage, id, imageId)
        : await moveProductImage(db, id, imageId, intent === "image-up" ? "up" : "down");
    if (result.ok) {
      const flash = intent === "image-delete" ? "deleted" : "moved";
      throw redirect(`/admin/products/${encodeURIComponent(id)}?images=${flash}#images`, { status: 303, headers: ADMIN_HEADERS });
    }
    return answer(result.status, { formError: "imageFailed" });
  }
  return answer(400, { formError: "saveFailed" });
}

/** The key of an action message under adminProducts. */
function messageKey(message: NonNullable<ActionMessage>) {
  switch (message) {
    case "saveFailed":
    case "deleteFailed":
    case "notFound":
    case "imageFailed":
    case "stale":
      return `adminProducts.messages.${message}` as const;
    default:
      return `adminProducts.errors.${message}` as const;
  }
}

function Alert({ children, tone }: { children: ReactNode; tone: "error" | "success" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${
        tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-brand-100 bg-brand-50 text-brand-800"
      }`}
      data-testid={tone === "error" ? "product-error" : "product-flash"}
    >
      {children}
    </p>
  );
}

const smallButton =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border border-stone-300 bg-white px-2 text-sm font-medium hover:bg-stone-100 disabled:opacity-40";

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, notFound, confirmDelete, flash, categories, sections } = loaderData;

  if (notFound) {
    return (
      <div className="rounded-xl bg-white p-8 text-center">
        <h1 className="text-xl font-bold">{t("adminProducts.messages.notFound")}</h1>
        <Link to="/admin/products" className="mt-4 inline-block font-medium text-brand-800 underline">
          {t("adminProducts.backToList")}
        </Link>
      </div>
    );
  }

  if (product && confirmDelete) {
    return (
      <div className="mx-auto max-w-lg rounded-xl border border-stone-200 bg-white p-6" data-testid="product-delete-confirm">
        <h1 className="text-xl font-bold text-stone-900">{t("adminProducts.confirmDelete.title")}</h1>
        <p className="mt-3 break-words text-stone-700">{t("adminProducts.confirmDelete.text", { title: product.title })}</p>
        {actionData?.formError ? (
          <div className="mt-4">
            <Alert tone="error">{t(messageKey(actionData.formError))}</Alert>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Form method="post" action={`/admin/products/${encodeURIComponent(product.id)}`}>
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="h-11 rounded-lg bg-red-700 px-5 font-semibold text-white hover:bg-red-800" data-testid="confirm-delete">
              {t("adminProducts.confirmDelete.confirm")}
            </button>
          </Form>
          <Link
            to={`/admin/products/${encodeURIComponent(product.id)}`}
            className="inline-flex h-11 items-center rounded-lg border border-stone-300 px-5 font-medium hover:bg-stone-100"
          >
            {t("adminProducts.confirmDelete.cancel")}
          </Link>
        </div>
      </div>
    );
  }

  const values = actionData?.values ?? product?.values ?? EMPTY_PRODUCT_FORM;
  const imageError = actionData?.imageError;
  const images = product?.images ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{product ? t("adminProducts.editProduct") : t("adminProducts.newProduct")}</h1>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {product ? (
            <Link to={productPath(product)} className="font-medium text-brand-800 underline" data-testid="product-view">
              {t("adminProducts.list.view")}
            </Link>
          ) : null}
          <Link to="/admin/products" className="font-medium text-stone-700 underline">
            {t("adminProducts.backToList")}
          </Link>
        </div>
      </div>

      {flash ? <Alert tone="success">{t(`adminProducts.messages.${flash}`)}</Alert> : null}
      {actionData?.formError ? <Alert tone="error">{t(messageKey(actionData.formError))}</Alert> : null}
      {imageError ? (
        <Alert tone="error">
          {t(`adminProducts.errors.${imageError.error}`, {
            file: imageError.file,
            limit: MAX_IMAGE_MEGABYTES,
            max: MAX_IMAGES_PER_UPLOAD,
          })}
        </Alert>
      ) : null}

      {product ? (
        <section id="images" aria-labelledby="images-heading" className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 id="images-heading" className="font-semibold text-stone-900">
            {t("adminProducts.form.images")}
          </h2>
          {images.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">{t("adminProducts.form.noImages")}</p>
          ) : (
            <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="product-images">
              {images.map((image, index) => {
                const position = index + 1;
                return (
                  <li key={image.id} className="rounded-lg border border-stone-200 p-2" data-testid="product-image">
                    <ResponsiveImage
                      image={{ ...image, alt: t("adminProducts.form.imageAlt", { position }) }}
                      sizes="(min-width: 640px) 200px, 45vw"
                      className="aspect-square w-full rounded-md bg-stone-100 object-contain"
                    />
                    <p className="mt-1 text-xs text-stone-600">
                      {index === 0 ? t("adminProducts.form.mainImage") : t("adminProducts.form.imageAlt", { position })}
                    </p>
                    <div className="mt-2 flex gap-1">
                      {(["image-up", "image-down"] as const).map((intent) => (
                        <Form key={intent} method="post" action={`/admin/products/${encodeURIComponent(product.id)}`}>
                          <input type="hidden" name="intent" value={intent} />
                          <input type="hidden" name="imageId" value={image.id} />
                          <button
                            type="submit"
                            className={smallButton}
                            disabled={intent === "image-up" ? index === 0 : index === images.length - 1}
                            aria-label={t(intent === "image-up" ? "adminProducts.form.moveUp" : "adminProducts.form.moveDown", { position })}
                            title={t(intent === "image-up" ? "adminProducts.form.moveUp" : "adminProducts.form.moveDown", { position })}
                          >
                            {/* Up = towards the main image: before it in reading order (start side). */}
                            <span aria-hidden="true" className="rtl:hidden">
                              {intent === "image-up" ? "←" : "→"}
                            </span>
                            <span aria-hidden="true" className="ltr:hidden">
                              {intent === "image-up" ? "→" : "←"}
                            </span>
                          </button>
                        </Form>
                      ))}
                      <Form method="post" action={`/admin/products/${encodeURIComponent(product.id)}`} className="ms-auto">
                        <input type="hidden" name="intent" value="image-delete" />
                        <input type="hidden" name="imageId" value={image.id} />
                        <button
                          type="submit"
                          className={`${smallButton} text-red-700`}
                          aria-label={t("adminProducts.form.deleteImage", { position })}
                          title={t("adminProducts.form.deleteImage", { position })}
                        >
                          <span aria-hidden="true">✕</span>
                        </button>
                      </Form>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      ) : null}

      <ProductForm
        values={values}
        fieldErrors={actionData?.fieldErrors ?? {}}
        categories={categories}
        sections={sections}
        action={product ? `/admin/products/${encodeURIComponent(product.id)}` : "/admin/products/new"}
        expectedUpdatedAt={product ? (actionData?.expectedUpdatedAt ?? product.updatedAt) : undefined}
        imageIds={images.map((image) => image.id)}
      />

      {product ? (
        <div className="border-t border-stone-200 pt-4">
          <Link
            to={`/admin/products/${encodeURIComponent(product.id)}?delete=1`}
            className="inline-flex h-11 items-center rounded-lg border border-red-300 px-4 font-medium text-red-700 hover:bg-red-50"
            data-testid="product-delete"
          >
            {t("adminProducts.form.deleteProduct")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
