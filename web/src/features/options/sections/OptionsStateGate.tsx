import type { OptionsStateResponse } from '@fovea/contract';
import type { ReactNode } from 'react';
import { useOptionsState } from '../../../api/queries/options';
import { QueryGate } from './QueryGate';

interface OptionsStateGateProps {
  children: (state: OptionsStateResponse) => ReactNode;
}

/** Loads GET /api/options/state; shows a loader, an error with a retry, or the children with the state. */
export function OptionsStateGate({ children }: OptionsStateGateProps) {
  return (
    <QueryGate query={useOptionsState()} errorTestId="options-load-error">
      {children}
    </QueryGate>
  );
}
