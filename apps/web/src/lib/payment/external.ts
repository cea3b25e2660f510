/** Full-page navigation away from the SPA (provider pages, the 3-D Secure entry). One place so tests can watch it. */
export function assignLocation(url: string) {
  window.location.assign(url);
}
