import { ActionIcon, Grid, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './details-overlay.module.css';

export interface DetailsStepLabels {
  previous: string;
  previousHint: string;
  next: string;
  nextHint: string;
}

function StepButton({
  delta,
  label,
  hint,
  onStep,
}: {
  delta: -1 | 1;
  label: string;
  hint: string;
  onStep: (delta: -1 | 1) => void;
}) {
  return (
    <Tooltip label={hint}>
      <ActionIcon
        className={delta < 0 ? classes.prev : classes.next}
        variant="filled"
        color="dark"
        size="xl"
        radius="xl"
        aria-label={label}
        onClick={() => onStep(delta)}
      >
        {delta < 0 ? <IconChevronLeft size={26} /> : <IconChevronRight size={26} />}
      </ActionIcon>
    </Tooltip>
  );
}

export interface DetailsFrameBodyProps {
  hasPrevious: boolean;
  hasNext: boolean;
  onStep: (delta: -1 | 1) => void;
  labels: DetailsStepLabels;
  /** DetailsColumns, then anything under them. */
  children: ReactNode;
}

/** The body of a details overlay: previous/next arrows in its side margins, its content between them. */
export function DetailsFrameBody({ hasPrevious, hasNext, onStep, labels, children }: DetailsFrameBodyProps) {
  return (
    <div className={classes.body}>
      {hasPrevious && (
        <StepButton delta={-1} label={labels.previous} hint={labels.previousHint} onStep={onStep} />
      )}
      {hasNext && <StepButton delta={1} label={labels.next} hint={labels.nextHint} onStep={onStep} />}
      {children}
    </div>
  );
}

/** The body's columns (Grid.Col children), aligned at their tops. */
export function DetailsColumns({ children }: { children: ReactNode }) {
  return (
    <Grid gap="xl" className={classes.columns}>
      {children}
    </Grid>
  );
}
