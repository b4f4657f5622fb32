import { useMatches } from 'react-router';

/**
 * The owner's and the admin's screens (decision 050) are English whatever the shopper's
 * language: their routes carry this handle (app/routes.tsx), load their English messages with
 * their code, and the layout draws the whole page in English on them.
 */
export const STAFF_SCREEN = { staffScreen: true } as const;

/** Whether the page shown is an owner's or an admin's screen. */
export function useStaffScreen(): boolean {
  return useMatches().some((match) => match.handle === STAFF_SCREEN);
}
