import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconDatabaseSearch, IconPencil } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagToggleButton } from '../FlagToggleButton';

/** One flag button of a details bar. */
export interface FlagSpec<List extends string> {
  list: List;
  icon: ReactNode;
  color: string;
  /** Translation keys: [when off, when on]. */
  labels: readonly [ParseKeys, ParseKeys];
}

/** A labelled icon button of the bar (Edit, Search StashDB). */
interface BarAction {
  label: string;
  hint: string;
  onClick: () => void;
  testId?: string;
}

interface FlagBarProps<List extends string> {
  testId: string;
  /** The left side: the rating row or rows. */
  rating: ReactNode;
  align?: 'flex-start';
  flags: readonly FlagSpec<List>[];
  isOn: (list: List) => boolean;
  onToggle: (list: List) => void;
  edit: BarAction;
  searchStashdb: BarAction;
  /** Buttons after the shared ones (Delete, Rescrape). */
  children?: ReactNode;
}

function ActionButton({ action, icon }: { action: BarAction; icon: ReactNode }) {
  return (
    <Tooltip label={action.hint}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={action.label}
        data-testid={action.testId}
        onClick={action.onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The bar of a scene's or an actor's details: the rating on the left; on the right the flag buttons (they flip
 * at once, then are sent), Edit, Search StashDB and what the caller adds.
 */
export function FlagBar<List extends string>({
  testId,
  rating,
  align,
  flags,
  isOn,
  onToggle,
  edit,
  searchStashdb,
  children,
}: FlagBarProps<List>) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align={align} gap="sm" data-testid={testId}>
      {rating}
      <Group gap={6}>
        {flags.map((flag) => {
          const on = isOn(flag.list);
          return (
            <FlagToggleButton
              key={flag.list}
              flag={flag.list}
              on={on}
              label={t(on ? flag.labels[1] : flag.labels[0])}
              color={flag.color}
              icon={flag.icon}
              onToggle={() => onToggle(flag.list)}
            />
          );
        })}
        <ActionButton action={edit} icon={<IconPencil size={18} />} />
        <ActionButton action={searchStashdb} icon={<IconDatabaseSearch size={18} />} />
        {children}
      </Group>
    </Group>
  );
}
