import '../zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setMaintenanceHandler } from '../api/client';
import { currentLang, i18nReady, switchLanguage } from '../i18n';
import { readChosenLanguage, startLanguage } from '../i18n/start-language';
import { loadConsoleStrings } from './i18n';
import './admin.css';
import { AdminApp } from './AdminApp';

// The console's own entry (admin.html, built by vite.admin.config.ts): never part of the storefront's bundle.
// The console keeps working while the shop is in maintenance; a 9999 is not a reason to leave it.
setMaintenanceHandler(() => {});
await i18nReady.catch(() => {});
// Staff start in their browser's language (issue 21), or the one they last picked with the switch.
const lang = startLanguage(readChosenLanguage(), navigator.languages ?? [navigator.language]);
if (lang !== currentLang()) await switchLanguage(lang, { chosen: false }).catch(() => {});
// The console's own strings of the language in use, before the first render (a switch loads the other).
await loadConsoleStrings(currentLang()).catch(() => {});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
