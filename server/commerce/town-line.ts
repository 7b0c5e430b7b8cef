/** The town line of an address as an envelope writes it: "Hudson, NY 12534"; "Paris, 75001" without a region. */
export function townLine(address: { city: string; region: string; postalCode: string }): string {
  return [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
