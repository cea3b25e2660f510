import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../hooks/use-hydrated';

export type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>;

/**
 * Every storefront form's submit button: disabled until React has hydrated the page, so the browser cannot send
 * the server-drawn form by itself before the form's own handler exists (a disabled default button also stops
 * Enter in a field from submitting). The one place this is decided; forms never use a bare submit button.
 */
export function SubmitButton({ disabled, ...props }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return <button {...props} type="submit" disabled={disabled === true || !hydrated} />;
}
