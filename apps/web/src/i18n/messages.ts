// The validation and error messages of @oripa/core (both languages, ~5 kB brotli), in a chunk of their own that
// comes with the account, payment and legal strings (i18n/index.ts): the top page's first render shows none.
export { translateMessage } from '@oripa/core';
