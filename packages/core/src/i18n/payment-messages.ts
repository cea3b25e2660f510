/** Payment error and validation messages (keys used by schemas and AppError). */
export const paymentMessages = {
  ja: {},
  en: {},
} as const;
