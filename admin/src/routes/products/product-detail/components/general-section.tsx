// Title, description, brand, SEO fields and the highlight video URL (with the provider the API detected).
import { useState, type FormEvent } from "react";
import { TextArea, TextField } from "../../../../components/common/field";
import { ErrorMessage } from "../../../../components/common/query-state";
import { useUpdateProduct, type Product } from "../../../../hooks/api/products";

const FIELDS = ["title", "description", "brand", "seo_title", "seo_description", "highlight_video_url"] as const;
type Form = Record<(typeof FIELDS)[number] | "tags", string>;

/** Tags are edited as one comma-separated line ("Summer, Shoes"); a tag has no comma. */
const fromProduct = (p: Product): Form => ({ ...Object.fromEntries(FIELDS.map((f) => [f, p[f] ?? ""])), tags: p.tags.join(", ") }) as Form;
const tagsOf = (text: string) => text.split(",").map((t) => t.trim()).filter(Boolean);

export function GeneralSection({ product }: { product: Product }) {
  const update = useUpdateProduct(product.id);
  const [form, setForm] = useState<Form>(() => fromProduct(product));
  const [saved, setSaved] = useState(false);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    setSaved(false);
    setForm({ ...form, [key]: e.target.value });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed; an emptied optional field is cleared (null).
    const initial = fromProduct(product);
    const changes = Object.fromEntries(
      FIELDS.filter((f) => form[f] !== initial[f]).map((f) => [f, f !== "title" && form[f] === "" ? null : form[f]]),
    );
    if (form.tags !== initial.tags) Object.assign(changes, { tags: tagsOf(form.tags) });
    update.mutate(changes, { onSuccess: (p) => (setForm(fromProduct(p)), setSaved(true)) });
  };
  const common = { error: update.error };
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
        <ErrorMessage error={update.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={update.isPending}>
            Save
          </button>
          {saved && <span role="status">Saved</span>}
        </div>
      </form>
    </section>
  );
}
