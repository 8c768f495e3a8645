const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Name in lower case, runs of non-alphanumerics as single hyphens (none at either end). */
export function slugifyName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The canonical slug: slugified name, a hyphen, then the product uuid. */
export function productSlug(product: { id: string; name: string }): string {
  const name = slugifyName(product.name);
  return name ? `${name}-${product.id}` : product.id;
}

/** The product is found by the uuid at the end of the slug; anything else is not a product link. */
export function productIdFromSlug(slug: string): string | null {
  const match = UUID_AT_END.exec(slug);
  return match ? match[1].toLowerCase() : null;
}

export const productPath = (product: { id: string; name: string }): string =>
  `/products/${productSlug(product)}`;
