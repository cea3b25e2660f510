import { useSearchParams } from 'react-router';

/** The packId a guest carried from a pack page through login or registration (digits only, else none). */
export function usePackReturn(): { packId: string | null; withPack: (path: string) => string } {
  const [params] = useSearchParams();
  const raw = params.get('packId');
  const packId = raw && /^\d{1,15}$/.test(raw) ? raw : null;
  return { packId, withPack: (path) => (packId ? `${path}?packId=${packId}` : path) };
}
