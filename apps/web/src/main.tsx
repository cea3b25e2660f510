import './zod-jitless';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './i18n';
import { installInteractionGuards } from './interaction-guards';
import { createRouter, preloadLikelyPages } from './routes';
import './styles/global.css';

installInteractionGuards();
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createRouter();
// The first paint waits for the language's strings (one small chunk, preloaded by index.html) rather than
// flashing keys; a failed fetch still renders, and i18next then shows the keys.
await i18nReady.catch(() => {});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
preloadLikelyPages();
