// A product's gallery: list, multi-file upload with progress, reorder, primary, alt text, variant, videos.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { toProblem } from "../../lib/problem";
import { sessionStore } from "../../lib/session";
import { queryKeysFactory } from "./keys";
import { allPages } from "./pages";
import { useInvalidateProduct } from "./products";

export const galleryKeys = queryKeysFactory("gallery");
export type GalleryItem = components["schemas"]["GalleryItem"];
type Uploaded = components["schemas"]["GalleryItem"];

/** The whole gallery in its order (up to 250 items: every page, since ordering needs them all on screen). */
export function useGallery(productId: string) {
  const storeId = currentStoreId();
  return useQuery({
    queryKey: galleryKeys.detail(storeId, productId),
    queryFn: () =>
      allPages((page) =>
        unwrap(client.GET("/stores/{store_id}/products/{id}/images", { params: { path: { store_id: storeId, id: productId }, query: page } })),
      ),
  });
}

function useInvalidateGallery(productId: string) {
  const queryClient = useQueryClient();
  const invalidateProduct = useInvalidateProduct();
  return () => {
    void queryClient.invalidateQueries({ queryKey: galleryKeys.detail(currentStoreId(), productId) });
    invalidateProduct(productId);
  };
}

/**
 * POST .../images with upload progress. fetch() reports no upload progress in browsers, so this one request goes
 * through XMLHttpRequest, to the same endpoint and with the same session and problem+json handling as the client.
 */
function uploadImage(productId: string, file: File, onProgress: (fraction: number) => void): Promise<Uploaded> {
  const form = new FormData();
  form.append("file", file);
  const path = `/stores/${currentStoreId()}/products/${productId}/images`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("Authorization", `Bearer ${sessionStore.token()}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new Error(`Upload of ${file.name} failed: network error`));
    request.onload = async () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {}
      if (request.status >= 200 && request.status < 300) return resolve(body as Uploaded);
      if (request.status === 401) sessionStore.end("expired");
      reject(await toProblem(new Response(null, { status: request.status }), body));
    };
    request.send(form);
  });
}

export interface UploadProgress {
  name: string;
  fraction: number;
  error?: unknown;
}

/** Uploads files one after another (gallery order = selection order), reporting each file's progress. */
export function useUploadImages(productId: string, onProgress: (progress: UploadProgress[]) => void) {
  const invalidate = useInvalidateGallery(productId);
  return useMutation({
    mutationFn: async (files: File[]) => {
      const progress: UploadProgress[] = files.map((f) => ({ name: f.name, fraction: 0 }));
      onProgress([...progress]);
      for (const [index, file] of files.entries()) {
        try {
          await uploadImage(productId, file, (fraction) => {
            progress[index] = { ...progress[index], fraction };
            onProgress([...progress]);
          });
          progress[index] = { ...progress[index], fraction: 1 };
        } catch (error) {
          progress[index] = { ...progress[index], error };
        }
        onProgress([...progress]);
      }
      return progress;
    },
    onSettled: invalidate,
  });
}

export function useUpdateGalleryItem(productId: string) {
  const invalidate = useInvalidateGallery(productId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & components["schemas"]["GalleryItemUpdate"]) =>
      unwrap(
        client.PATCH("/stores/{store_id}/products/{id}/images/{img_id}", {
          params: { path: { store_id: currentStoreId(), id: productId, img_id: id } },
          body,
        }),
      ),
    // Moves are positions in the order as it stands: quick moves reach the API one after another, as made.
    scope: { id: `gallery-order-${productId}` },
    onSettled: invalidate,
  });
}

export function useDeleteGalleryItem(productId: string) {
  const invalidate = useInvalidateGallery(productId);
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        client.DELETE("/stores/{store_id}/products/{id}/images/{img_id}", {
          params: { path: { store_id: currentStoreId(), id: productId, img_id: id } },
        }),
      ),
    onSettled: invalidate,
  });
}

export function useAddVideo(productId: string) {
  const invalidate = useInvalidateGallery(productId);
  return useMutation({
    mutationFn: (body: components["schemas"]["GalleryVideoRequest"]) =>
      unwrap(
        client.POST("/stores/{store_id}/products/{id}/videos", {
          params: { path: { store_id: currentStoreId(), id: productId } },
          body,
        }),
      ),
    onSettled: invalidate,
  });
}
