/** Pack error and validation messages (keys used by schemas and AppError). */
export const packMessages = {
  ja: {},
  en: {},
} as const;
