/** The pictures a server-rendered HTML asks the browser to preload, in order, ' high' after a high-priority one. */
export const imagePreloadsIn = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"( fetchPriority="high")?\/>/g)].map(
    (m) => `${m[1]}${m[2] ? ' high' : ''}`,
  );
