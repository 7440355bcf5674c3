// Title, description, brand, SEO fields and the highlight video URL (with the provider the API detected), then the
// product's custom fields; one PATCH with what changed.
import { TextArea, TextField } from "../../../../components/common/field";
import { SaveActions } from "../../../../components/common/save-status";
import { CustomFields, useCustomFields } from "../../../../components/custom-fields/custom-fields";
import { ApiForm, useApiForm } from "../../../../components/forms";
import { useUpdateProduct, type Product } from "../../../../hooks/api/products";
import { fieldsState } from "../../../../lib/field-values";
import { ApiProblem } from "../../../../lib/problem";

const FIELDS = ["title", "description", "brand", "seo_title", "seo_description", "highlight_video_url"] as const;
type Texts = Record<(typeof FIELDS)[number] | "tags", string>;

/** Tags are edited as one comma-separated line ("Summer, Shoes"); a tag has no comma. */
const fromProduct = (p: Product) => ({
  ...(Object.fromEntries(FIELDS.map((f) => [f, p[f] ?? ""])) as Omit<Texts, "tags">),
  tags: p.tags.join(", "),
  fields: fieldsState(p.fields),
});
const tagsOf = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

export function GeneralSection({ product }: { product: Product }) {
  const custom = useCustomFields("product");
  const form = useApiForm({
    defaultValues: fromProduct(product),
    mutation: useUpdateProduct(product.id),
    request: (values, { fields: _, ...texts }) => {
      const fields = custom.body(values.fields, "update");
      if (fields instanceof ApiProblem) return fields;
      // Only what changed; an emptied optional field is cleared (null); tags replace the whole set.
      const changes = Object.fromEntries(Object.entries(texts).map(([f, v]) => [f, f === "tags" ? tagsOf(v) : f !== "title" && v === "" ? null : v]));
      return { ...changes, ...fields };
    },
    onSaved: (p) => form.saved(fromProduct(p)),
  });
  return (
    <section className="card" aria-labelledby="general-heading">
      <h2 id="general-heading">General</h2>
      <ApiForm form={form}>
        <TextField label="Title" {...form.register("title")} />
        <TextArea label="Description" rows={4} {...form.register("description")} />
        <TextField label="Brand" {...form.register("brand")} />
        <TextField label="Tags" {...form.register("tags")} hint="Separated by commas, e.g. Summer, Shoes" />
        <TextField label="SEO title" {...form.register("seo_title")} />
        <TextArea label="SEO description" rows={2} {...form.register("seo_description")} />
        <TextField
          label="Highlight video URL"
          type="url"
          {...form.register("highlight_video_url")}
          hint={product.highlight_video_provider ? `Detected provider: ${product.highlight_video_provider}` : "YouTube, Vimeo or a video file URL"}
        />
        <CustomFields custom={custom} />
        <SaveActions state={form.status} stale={form.dirty} />
      </ApiForm>
    </section>
  );
}
