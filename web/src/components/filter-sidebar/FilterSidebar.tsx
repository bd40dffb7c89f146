import { Button, Collapse, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';

/** Below Mantine's md breakpoint the filters sit above the list, folded away until asked for. */
const NARROW_QUERY = '(max-width: 61.99em)';

interface FilterSidebarProps {
  /** The heading's element id (the column is labelled by it). */
  titleId: string;
  title: string;
  showLabel: string;
  hideLabel: string;
  toggleTestId: string;
  /** The saved searches, above a divider. */
  savedSearches: ReactNode;
  /** The filters, between the saved searches and the reset. */
  children: ReactNode;
  resetLabel: string;
  resetTestId: string;
  /** Nothing to reset: the button is disabled. */
  resetDisabled: boolean;
  onReset: () => void;
  /**
   * False until the list beside it has painted its first results: until then only the heading shows, so the
   * many filter controls do not hold back the first cards (issue 20). True by default.
   */
  bodyReady?: boolean;
}

/**
 * The filter column of a list route: saved searches, the filters and a reset. On a narrow screen it is folded
 * (a Show filters button), so the list is not pushed below a screenful of filters.
 */
export function FilterSidebar(props: FilterSidebarProps) {
  const narrow = useMediaQuery(NARROW_QUERY) === true;
  const [unfolded, setUnfolded] = useState(false);
  const open = !narrow || unfolded;
  return (
    <Paper withBorder p="sm" radius="md" component="aside" aria-labelledby={props.titleId}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="md" id={props.titleId}>
          {props.title}
        </Title>
        {narrow && (
          <Button
            size="compact-xs"
            variant="subtle"
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={open}
            onClick={() => setUnfolded(!unfolded)}
            data-testid={props.toggleTestId}
          >
            {open ? props.hideLabel : props.showLabel}
          </Button>
        )}
      </Group>
      <Collapse expanded={open}>
        {props.bodyReady !== false && (
          <Stack gap="sm" mt="sm">
            {props.savedSearches}
            <Divider />
            {props.children}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFilterOff size={14} />}
              disabled={props.resetDisabled}
              onClick={props.onReset}
              data-testid={props.resetTestId}
            >
              {props.resetLabel}
            </Button>
          </Stack>
        )}
      </Collapse>
    </Paper>
  );
}
