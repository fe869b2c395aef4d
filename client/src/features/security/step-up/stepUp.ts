import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { createContext, useCallback, useContext } from 'react';

/** The server's answer when a factor change needs a factor proven in the last 5 minutes. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

/** True when `error` is the server asking for a fresh proof of a second factor. */
export function needsStepUp(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === STEP_UP_REQUIRED);
}

/** Opens the "Confirm it's you" dialog; resolves true once a factor was proven (the new token stored). */
export type AskForStepUp = () => Promise<boolean>;

/** Provided by StepUpProvider around Settings → Security. */
export const StepUpContext = createContext<AskForStepUp | null>(null);

/**
 * Runs a change of sign-in security (add or remove a factor, new recovery codes). When the server
 * answers STEP_UP_REQUIRED, asks for a proof and runs the change once more with the new token;
 * resolves to null when the person cancels. Other errors are thrown as they came.
 */
export function useStepUp(): <T>(change: () => Promise<T>) => Promise<T | null> {
  const ask = useContext(StepUpContext);
  return useCallback(
    async <T>(change: () => Promise<T>): Promise<T | null> => {
      try {
        return await change();
      } catch (error) {
        if (!ask || !needsStepUp(error)) throw error;
        if (!(await ask())) return null;
        return change();
      }
    },
    [ask],
  );
}
