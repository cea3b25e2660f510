import { useState } from 'react';

/**
 * A dialog whose code loads when it is first opened (a lazy component): `mounted` turns true with the first `show`
 * and stays true, so closing it still animates out and returns focus instead of unmounting it at once.
 */
export function useOpenedOnce() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return {
    open,
    mounted,
    show: () => {
      setMounted(true);
      setOpen(true);
    },
    hide: () => setOpen(false),
  };
}
