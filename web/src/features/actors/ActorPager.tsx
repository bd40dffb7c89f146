import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { PAGE_INPUT_DEBOUNCE_MS, TOOLTIP_DELAY_MS } from '@fovea/contract';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedPage } from './actor-paging';

export interface ActorPagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  onPage(page: number): void;
  /** Previous and next wrap around (the paging keys do the same). */
  onStep(step: 1 | -1): void;
}

function PagerButton({
  label,
  icon: ButtonIcon,
  disabled,
  onClick,
  testId,
}: {
  label: string;
  icon: Icon;
  disabled: boolean;
  onClick(): void;
  testId: string;
}) {
  return (
    <Tooltip label={label} openDelay={TOOLTIP_DELAY_MS}>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        <ButtonIcon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * First / previous / page number / next / last. The typed page number is applied 250 ms after the last
 * keystroke (or at once on Enter), clamped to the pages there are; an unreadable entry goes back to the page.
 */
export function ActorPager({ page, pages, onPage, onStep }: ActorPagerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<{ text: string; page: number } | null>(null);
  // What is typed shows until applied; then (or when the page changes under it) the page itself.
  const text = typed !== null && typed.page === page ? typed.text : String(page);
  const apply = (value: string) => {
    const wanted = typedPage(value, pages);
    setTyped(null);
    if (wanted !== null && wanted !== page) onPage(wanted);
  };
  const applyLater = useDebouncedCallback(apply, PAGE_INPUT_DEBOUNCE_MS);
  const single = pages <= 1;
  return (
    <Group gap={4} wrap="nowrap" data-testid="actor-pager">
      <PagerButton
        label={t('actors.pager.first')}
        icon={IconChevronsLeft}
        disabled={page <= 1}
        onClick={() => onPage(1)}
        testId="pager-first"
      />
      <PagerButton
        label={t('actors.pager.previous')}
        icon={IconChevronLeft}
        disabled={single}
        onClick={() => onStep(-1)}
        testId="pager-previous"
      />
      <TextInput
        size="xs"
        w={56}
        inputMode="numeric"
        aria-label={t('actors.pager.page')}
        data-testid="pager-input"
        value={text}
        styles={{ input: { textAlign: 'center' } }}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setTyped({ text: value, page });
          applyLater(value);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          applyLater.cancel();
          apply(event.currentTarget.value);
        }}
        onBlur={() => {
          if (typed === null) return;
          applyLater.cancel();
          apply(typed.text);
        }}
      />
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="pager-pages">
        {t('actors.pager.of', { count: pages })}
      </Text>
      <PagerButton
        label={t('actors.pager.next')}
        icon={IconChevronRight}
        disabled={single}
        onClick={() => onStep(1)}
        testId="pager-next"
      />
      <PagerButton
        label={t('actors.pager.last')}
        icon={IconChevronsRight}
        disabled={page >= pages}
        onClick={() => onPage(pages)}
        testId="pager-last"
      />
    </Group>
  );
}
