/** A postal code as it is written on a label: 100-0001. */
export const zip = (z: string) => (/^\d{7}$/.test(z) ? `${z.slice(0, 3)}-${z.slice(3)}` : z);
