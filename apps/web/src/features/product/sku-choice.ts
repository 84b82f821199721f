import type { ProductSkuRecord } from '@portal/shared/product-schemas';

/*
 * The SKU chooser's rules (pure): one selector per property, in the platform's order; a value is
 * offered when some SKU in stock has it together with what is already chosen, so that a combination
 * out of stock (or one the seller does not sell) cannot be chosen.
 */

export type SkuProperty = { name: string; values: string[] };
/** The chosen value of each property, by name. */
export type SkuSelection = Record<string, string>;

/** The properties and their values, in the order the SKUs first name them. */
export function skuProperties(skus: readonly ProductSkuRecord[]): SkuProperty[] {
  const properties: SkuProperty[] = [];
  for (const sku of skus) {
    for (const { name, value } of sku.properties) {
      let property = properties.find((p) => p.name === name);
      if (!property) properties.push((property = { name, values: [] }));
      if (!property.values.includes(value)) property.values.push(value);
    }
  }
  return properties;
}

const matches = (sku: ProductSkuRecord, selection: SkuSelection) => Object.entries(selection).every(([name, value]) => sku.properties.some((p) => p.name === name && p.value === value));

/** Whether `value` of `name` may be chosen, given the other properties' choices. */
export function valueAvailable(skus: readonly ProductSkuRecord[], selection: SkuSelection, name: string, value: string): boolean {
  const others = Object.fromEntries(Object.entries(selection).filter(([other]) => other !== name));
  return skus.some((sku) => sku.stock > 0 && matches(sku, { ...others, [name]: value }));
}

/** The SKU the selection names, once every property is chosen; null before that. */
export function chosenSku(skus: readonly ProductSkuRecord[], selection: SkuSelection): ProductSkuRecord | null {
  const properties = skuProperties(skus);
  if (properties.some((p) => selection[p.name] === undefined)) return null;
  return skus.find((sku) => matches(sku, selection)) ?? null;
}

/** Choosing `value` of `name` (or clearing it with null): a choice of another property that no longer fits is dropped. */
export function choose(skus: readonly ProductSkuRecord[], selection: SkuSelection, name: string, value: string | null): SkuSelection {
  const next: SkuSelection = { ...selection };
  if (value === null) {
    delete next[name];
    return next;
  }
  next[name] = value;
  for (const other of Object.keys(next)) {
    if (other !== name && !valueAvailable(skus, next, other, next[other] ?? '')) delete next[other];
  }
  return next;
}

/** The first selection: the SKU a link named (when in stock), or the only SKU there is. */
export function initialSelection(skus: readonly ProductSkuRecord[], skuId: string | null): SkuSelection {
  const inStock = skus.filter((sku) => sku.stock > 0);
  const named = inStock.find((sku) => sku.skuId === skuId) ?? (skus.length === 1 ? inStock[0] : undefined);
  return named ? Object.fromEntries(named.properties.map((p) => [p.name, p.value])) : {};
}

/** The quantity's bounds: at least the minimum order (1688), at most the stock. */
export function quantityBounds(minQuantity: number, stock: number): { min: number; max: number; possible: boolean } {
  const min = Math.max(1, minQuantity);
  return { min, max: stock, possible: stock >= min };
}
