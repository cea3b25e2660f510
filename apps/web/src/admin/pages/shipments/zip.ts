/** A postal code as it is written on a label: 100-0001 (core's one formatter for it). */
export { hyphenZip as zip } from '@oripa/core';
