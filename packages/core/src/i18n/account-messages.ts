/** Account error and validation messages (keys used by schemas and AppError). */
export const accountMessages = {
  ja: {
    prefUnknown: '選択できない都道府県です。一覧から選んでください',
  },
  en: {
    prefUnknown: 'This prefecture cannot be chosen. Pick one from the list',
  },
} as const;
