import './zod-jitless';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './i18n';
import { installInteractionGuards } from './interaction-guards';
import { registerWorkerAfterLoad } from './pwa/register-worker';
import { createRouter } from './routes';
import './styles/global.css';
import './styles/first-paint.css';

installInteractionGuards();
// The installable shop's worker; production builds only, so development always runs the newest code.
if (import.meta.env.PROD) registerWorkerAfterLoad();
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createRouter();
// The first paint waits for the language's strings (one small chunk, preloaded by index.html) rather than
// flashing keys; a failed fetch still renders, and i18next then shows the keys.
await i18nReady.catch(() => {});

const root = createRoot(document.getElementById('root')!);
// As a transition the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree at once (issue 13: a phone's Total Blocking Time); what it shows is the same. Until it
// commits, #root shows what the server put there (apps/server/src/http/first-paint.ts); this code itself only starts
// once that is on screen (build/after-paint-loader.js).
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
