// Title, description, brand, SEO fields and the highlight video URL (with the provider the API detected), then the
// product's custom fields; one PATCH with what changed.
import { useState, type FormEvent } from "react";
import { useEditForm } from "../../../../components/common/edit-form";
import { TextArea, TextField } from "../../../../components/common/field";
import { SaveActions } from "../../../../components/common/save-status";
import { CustomFields, useCustomFields } from "../../../../components/custom-fields/custom-fields";
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
const tagsOf = (text: string) => text.split(",").map((t) => t.trim()).filter(Boolean);

export function GeneralSection({ product }: { product: Product }) {
  const update = useUpdateProduct(product.id);
  const custom = useCustomFields("product");
  const edit = useEditForm(fromProduct(product));
  const [localError, setLocalError] = useState<ApiProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { fields: _, ...texts } = edit.changes();
    const fields = custom.body(edit.form.fields, "update");
    if (fields instanceof ApiProblem) return setLocalError(fields);
    setLocalError(null);
    // Only what changed; an emptied optional field is cleared (null); tags replace the whole set.
    const changes = Object.fromEntries(
      Object.entries(texts).map(([f, v]) => [f, f === "tags" ? tagsOf(v) : f !== "title" && v === "" ? null : v]),
    );
    update.mutate({ ...changes, ...fields }, { onSuccess: (p) => edit.saved(fromProduct(p)) });
  };
  const form = edit.form;
  const set = edit.set;
  const common = { error: localError ?? update.error };
  return (
    <section className="card" aria-labelledby="general-heading">
      <h2 id="general-heading">General</h2>
      <form onSubmit={submit}>
        <TextField label="Title" value={form.title} onChange={set("title")} path="title" {...common} />
        <TextArea label="Description" rows={4} value={form.description} onChange={set("description")} path="description" {...common} />
        <TextField label="Brand" value={form.brand} onChange={set("brand")} path="brand" {...common} />
        <TextField label="Tags" value={form.tags} onChange={set("tags")} path="tags" hint="Separated by commas, e.g. Summer, Shoes" {...common} />
        <TextField label="SEO title" value={form.seo_title} onChange={set("seo_title")} path="seo_title" {...common} />
        <TextArea label="SEO description" rows={2} value={form.seo_description} onChange={set("seo_description")} path="seo_description" {...common} />
        <TextField
          label="Highlight video URL"
          type="url"
          value={form.highlight_video_url}
          onChange={set("highlight_video_url")}
          path="highlight_video_url"
          hint={product.highlight_video_provider ? `Detected provider: ${product.highlight_video_provider}` : "YouTube, Vimeo or a video file URL"}
          {...common}
        />
        <CustomFields custom={custom} state={form.fields} onChange={(f) => edit.setValue("fields", f)} {...common} />
        <SaveActions state={localError ? { ...update, isError: true, error: localError } : update} stale={edit.dirty} />
      </form>
    </section>
  );
}
