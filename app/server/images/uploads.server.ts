import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/lib/admin-product";
import { assertAcceptedImage } from "./images.server";

// Uploads as every admin form receives them (products, collections, custom pages, sections):
// read from the form data, then checked whole before anything is stored.

/** One uploaded file as the route read it. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
  /** The Content-Type the browser declared ("" when it did not know); compared with the content, never trusted. */
  type?: string;
}

export type ImageErrorKey = "notImage" | "tooLarge" | "uploadFailed" | "tooManyFiles";

export interface ImageError {
  error: ImageErrorKey;
  /** The file's name as the browser sent it (shown in the message). */
  file: string;
}

/** Reads the file parts of a form: File entries with content (an empty file input sends one with no name and no bytes). */
export async function uploadedFiles(entries: FormDataEntryValue[]): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") continue;
    if (entry.size === 0 && entry.name === "") continue;
    files.push({ name: entry.name || "image", bytes: Buffer.from(await entry.arrayBuffer()), type: entry.type });
  }
  return files;
}

/**
 * Every file checked before anything is stored: at most MAX_IMAGES_PER_UPLOAD, each at most
 * 5 MB, each an image by its content (sharp reads its header; name and type are not trusted, but
 * must agree with the content), within the pixel limit, an SVG only without active content.
 */
export async function checkUploads(files: UploadedFile[]): Promise<ImageError | null> {
  if (files.length > MAX_IMAGES_PER_UPLOAD) return { error: "tooManyFiles", file: "" };
  for (const file of files) {
    if (file.bytes.length > MAX_IMAGE_BYTES) return { error: "tooLarge", file: file.name };
  }
  for (const file of files) {
    try {
      await assertAcceptedImage(file.bytes, { name: file.name, type: file.type });
    } catch {
      return { error: "notImage", file: file.name };
    }
  }
  return null;
}
