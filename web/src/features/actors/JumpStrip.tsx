import { ACTOR_JUMP_LETTERS } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import classes from './actors.module.css';

export interface JumpStripProps {
  /** The letter (or group) whose page is shown, if the page was reached through the strip. */
  current: string | null;
  /** A jump is under way: the letters wait. */
  busy: boolean;
  onJump(letter: string): void;
}

/**
 * The A-Z strip of the name sorts: each letter (Q/R, U/V and W/X/Y/Z grouped) shows the page holding the
 * first name from that letter on.
 */
export function JumpStrip({ current, busy, onJump }: JumpStripProps) {
  const { t } = useTranslation();
  return (
    <nav className={classes.strip} aria-label={t('actors.jump.label')} data-testid="jump-strip">
      {ACTOR_JUMP_LETTERS.map((letter) => (
        <button
          key={letter}
          type="button"
          className={classes.letter}
          aria-current={current === letter ? 'true' : undefined}
          aria-label={t('actors.jump.letter', { letter })}
          title={t('actors.jump.letter', { letter })}
          disabled={busy}
          data-letter={letter}
          onClick={() => onJump(letter)}
        >
          {letter}
        </button>
      ))}
    </nav>
  );
}
