// Reviews: the product's rating summary, the list a page at a time (its page in the URL), adding (a guarded create
// form) and deleting one.
import { TextField } from "../../../../components/common/field";
import { ApiForm, FormError, useApiForm } from "../../../../components/forms";
import { useListParams } from "../../../../components/common/list-params";
import { Pager } from "../../../../components/common/pager";
import { Empty, ErrorMessage, QueryState } from "../../../../components/common/query-state";
import type { Product } from "../../../../hooks/api/products";
import { REVIEWS_PAGE_SIZE, useCreateReview, useDeleteReview, useReviews } from "../../../../hooks/api/reviews";
import { formatDate, useDisplay } from "../../../../lib/format";

export function ReviewsSection({ product }: { product: Product }) {
  useDisplay();
  const pages = useListParams({}, "reviews_offset");
  const reviews = useReviews(product.id, pages.offset);
  const create = useCreateReview(product.id);
  const remove = useDeleteReview(product.id);
  const blank = { author_name: "", rating: "5", title: "", body: "" };
  const form = useApiForm({
    defaultValues: blank,
    mutation: create,
    request: (v) => ({ author_name: v.author_name, rating: Number(v.rating), title: v.title || undefined, body: v.body || undefined }),
    onSaved: () => form.saved(blank),
  });
  return (
    <section className="card" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <p>
        {product.review_count} review{product.review_count === 1 ? "" : "s"}
        {product.rating_average !== null && `, average ${product.rating_average} / 5`}
      </p>
      <QueryState query={reviews}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty>No reviews yet.</Empty>
          ) : (
            <ul className="reviews">
              {page.data.map((r) => (
                <li key={r.id}>
                  <strong>{r.rating} / 5</strong> {r.title} by {r.author_name}, {formatDate(r.created_at)}
                  {r.body && <p>{r.body}</p>}
                  <button type="button" aria-label={`Delete review by ${r.author_name}`} onClick={() => remove.mutate(r.id)}>
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {/* Most products have a page of reviews or none: the pager shows only when there are more. */}
      {(product.review_count > REVIEWS_PAGE_SIZE || pages.offset > 0) && (
        <Pager pagination={reviews.data?.pagination} onOffset={pages.setOffset} busy={reviews.isPlaceholderData} label="Reviews pagination" />
      )}
      <ApiForm form={form} className="inline-form">
        <TextField label="Author" required {...form.register("author_name")} />
        <TextField label="Rating" type="number" min={1} max={5} {...form.register("rating")} />
        <TextField label="Review title" {...form.register("title")} />
        <TextField label="Review text" {...form.register("body")} />
        <FormError />
        <ErrorMessage error={remove.error} />
        <button type="submit" disabled={form.pending}>
          Add review
        </button>
      </ApiForm>
    </section>
  );
}
