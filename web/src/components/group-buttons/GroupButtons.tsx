import { Button, Input, SimpleGrid, Tooltip } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupAction } from './group-model';

/** One button of a group-button grid. */
export interface GroupButtonSpec {
  action: GroupAction;
  icon: ReactNode;
  /** The whole action ("New tag group of the chosen tags"): tooltip and accessible name. */
  label: string;
  disabled: boolean;
  onClick: () => void;
}

interface GroupButtonsProps {
  /** The heading above the grid ("Aka groups", "Tag groups"). */
  label: string;
  /** Test ids are `<prefix>-<action>`. */
  testIdPrefix: string;
  buttons: readonly GroupButtonSpec[];
}

/**
 * The look every group-button grid shares (aka groups, tag groups): two columns of small buttons under a
 * heading, each with a short word ("New", "Add"...) and the whole action in its tooltip and accessible name.
 */
export function GroupButtons({ label, testIdPrefix, buttons }: GroupButtonsProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} size="xs" data-testid={`${testIdPrefix}-buttons`}>
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6} mt={4}>
        {buttons.map((button) => (
          <Tooltip key={button.action} label={button.label} openDelay={TOOLTIP_DELAY_MS}>
            <Button
              size="compact-xs"
              variant="default"
              leftSection={button.icon}
              disabled={button.disabled}
              onClick={button.onClick}
              aria-label={button.label}
              data-testid={`${testIdPrefix}-${button.action}`}
            >
              {t(`groups.short.${button.action}`)}
            </Button>
          </Tooltip>
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
