/** Account error and validation messages (keys used by schemas and AppError). */
export const accountMessages = {
  ja: {},
  en: {},
} as const;
