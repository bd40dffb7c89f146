import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SEARCH_HELPERS } from './search-prefix';
import type { SearchHelper } from './search-prefix';

/**
 * The prefix buttons of a scene search field (title:, cast:, site:, ...), shared by Quick find and the Match
 * dialog. A press keeps the focus (and selection) in the field.
 */
export function SearchHelperButtons({ onInsert }: { onInsert: (helper: SearchHelper) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} role="group" aria-label={t('quickFind.helpers')}>
      {SEARCH_HELPERS.map((helper) => (
        <Button
          key={helper}
          variant="light"
          size="compact-sm"
          ff="monospace"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onInsert(helper)}
        >
          {t(`quickFind.helper.${helper}`)}
        </Button>
      ))}
    </Group>
  );
}
