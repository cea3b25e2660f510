import { configure } from '@testing-library/react';

// The machines that run these share their cores with many other jobs: a slow tick must not fail a findBy
// (the default wait is 1 s).
configure({ asyncUtilTimeout: 5000 });

// Both catalogues up front, so tests render either language synchronously (the app fetches one on demand).
const { loadLanguage } = await import('../i18n');
await Promise.all([loadLanguage('ja'), loadLanguage('en')]);
// And the console's strings in both (the console fetches the language in use).
const { loadConsoleStrings } = await import('../admin/i18n');
await Promise.all([loadConsoleStrings('ja'), loadConsoleStrings('en')]);
