import { useCallback, useState, type ReactNode } from 'react';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import { StepUpContext } from './stepUp';
import { StepUpDialog } from './StepUpDialog';

/** Props of StepUpProvider. */
export interface StepUpProviderProps {
  /** The caller's factors: which proofs the dialog offers. */
  status: SecurityStatusPartsFragment;
  children: ReactNode;
}

/** Gives the sections below `useStepUp()`, and shows the "Confirm it's you" dialog when one asks. */
export function StepUpProvider({ status, children }: StepUpProviderProps) {
  const [pending, setPending] = useState<{ resolve: (proven: boolean) => void } | null>(null);
  const ask = useCallback(() => new Promise<boolean>((resolve) => setPending({ resolve })), []);
  const done = (proven: boolean) => {
    pending?.resolve(proven);
    setPending(null);
  };
  return (
    <StepUpContext.Provider value={ask}>
      {children}
      {pending && <StepUpDialog status={status} onProven={() => done(true)} onClose={() => done(false)} />}
    </StepUpContext.Provider>
  );
}
