/** The parts of a shipping address a prepaid label cannot do without. */
export const REQUIRED_SHIPPING_FIELDS = ['address', 'city', 'state', 'zipCode'] as const;
export type ShippingField = (typeof REQUIRED_SHIPPING_FIELDS)[number];

/** The required parts that are missing or blank; empty when a label can be made. */
export function missingShippingFields(
  address: Partial<Record<ShippingField, string | null | undefined>> | null | undefined,
): ShippingField[] {
  return REQUIRED_SHIPPING_FIELDS.filter((field) => !address?.[field]?.trim());
}

export const hasCompleteShippingAddress = (
  address: Partial<Record<ShippingField, string | null | undefined>> | null | undefined,
): boolean => missingShippingFields(address).length === 0;
