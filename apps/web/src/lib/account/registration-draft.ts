import { useSyncExternalStore } from 'react';

/**
 * The registration form shared by /user-register, /confirm-user-register and /complete-user-register.
 * Kept in memory only (never sessionStorage, never history state) so the password does not outlive the tab's
 * JavaScript: a reload of the confirm page finds no draft and goes back to the form.
 */
export interface RegistrationDraft {
  lastName: string;
  middleName: string;
  firstName: string;
  tel: string;
  mail: string;
  pass: string;
  confirmPass: string;
  referralCode: string;
}

interface DraftState {
  draft: RegistrationDraft | null;
  /** Field errors the register call returned, shown on the form when the member goes back to it. */
  serverErrors: Record<string, string[]> | null;
  /** Set once /api/user/append succeeded: confirm and the form then send the member away instead. */
  completed: boolean;
}

/** No draft: every page load starts with it, the server's render too (its one module serves every visitor). */
const EMPTY: DraftState = { draft: null, serverErrors: null, completed: false };
let state: DraftState = EMPTY;
const listeners = new Set<() => void>();

function set(next: Partial<DraftState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const registrationDraft = {
  get: () => state,
  save: (draft: RegistrationDraft) => set({ draft, serverErrors: null, completed: false }),
  rejectWith: (serverErrors: Record<string, string[]>) => set({ serverErrors }),
  clearServerErrors: () => set({ serverErrors: null }),
  complete: () => set({ draft: null, serverErrors: null, completed: true }),
  /** Test helper and "start over". */
  reset: () => set({ draft: null, serverErrors: null, completed: false }),
};

export function useRegistrationDraft(): DraftState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => EMPTY,
  );
}
