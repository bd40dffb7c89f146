import type { Scene } from '@fovea/contract';
import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './quick-find.module.css';
import { QuickFindResultRow } from './QuickFindResultRow';

interface QuickFindResultsProps {
  /** id of the listbox, referenced by the search field. */
  id: string;
  scenes: readonly Scene[];
  active: number;
  onActive: (index: number) => void;
  onSelect: (scene: Scene) => void;
}

/** The id of one result row, for aria-activedescendant. */
export const resultId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The result list under the Quick find field; the highlighted row is kept in view. */
export function QuickFindResults({ id, scenes, active, onActive, onSelect }: QuickFindResultsProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.children.item(active)?.scrollIntoView({ block: 'nearest' });
  }, [active, scenes]);

  if (scenes.length === 0) return null;
  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={t('quickFind.results')}
      className={classes.results}
      data-testid="quick-find-results"
    >
      {scenes.map((scene, index) => (
        <QuickFindResultRow
          key={scene.id}
          id={resultId(id, index)}
          scene={scene}
          active={index === active}
          onHover={() => onActive(index)}
          onSelect={() => onSelect(scene)}
        />
      ))}
    </div>
  );
}

/** One line under the field: searching, nothing found or the server's error. */
export function QuickFindStatus({ empty, error }: { empty: boolean; error: string | null }) {
  const { t } = useTranslation();
  if (error !== null) {
    return (
      <Text size="sm" c="red" role="alert">
        {t('quickFind.error', { message: error })}
      </Text>
    );
  }
  if (empty) {
    return (
      <Text size="sm" c="dimmed" data-testid="quick-find-empty">
        {t('quickFind.noResults')}
      </Text>
    );
  }
  return null;
}
