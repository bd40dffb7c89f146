import { Button, Input, SimpleGrid, Tooltip } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import type { AkaResponse } from '@fovea/contract';
import { IconUsersGroup, IconUserMinus, IconUserPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { useAddToAka, useCreateAka, useDeleteAka, useRemoveFromAka } from '../../../api/queries/akas';
import { notifyDanger, notifyWarning } from '../../../components/notify';
import type { ActorFilters } from '../actor-filter-model';
import { akaButtons, akaSelection, castAfterAkaChange } from './aka-group-model';

interface AkaGroupButtonsProps {
  filters: ActorFilters;
  onChange: (next: ActorFilters) => void;
}

type AkaAction = 'create' | 'delete' | 'add' | 'remove';

interface AkaButtonProps {
  action: AkaAction;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}

/** A short word on the button ("New", "Add"...), the whole action in its tooltip and accessible name. */
function AkaButton({ action, icon, disabled, onClick }: AkaButtonProps) {
  const { t } = useTranslation();
  const full = t(`actorFilters.aka.${action}`);
  return (
    <Tooltip label={full} openDelay={TOOLTIP_DELAY_MS}>
      <Button
        size="compact-xs"
        variant="default"
        leftSection={icon}
        disabled={disabled}
        onClick={onClick}
        aria-label={full}
        data-testid={`aka-${action}`}
      >
        {t(`actorFilters.aka.short.${action}`)}
      </Button>
    </Tooltip>
  );
}

/**
 * New, Delete, Add to and Remove from an aka group, working on the cast selection (options-spec §4): enabled by
 * what is chosen; after New, Add or Remove the group's "aka:..." name replaces the selection, after Delete the
 * selection is cleared; a non-empty status is shown as a warning.
 */
export function AkaGroupButtons({ filters, onChange }: AkaGroupButtonsProps) {
  const { t } = useTranslation();
  const create = useCreateAka();
  const add = useAddToAka();
  const remove = useRemoveFromAka();
  const deleteGroup = useDeleteAka();
  const enabled = akaButtons(filters.cast);
  const { groups, actors } = akaSelection(filters.cast);
  const group = groups[0] ?? '';
  const busy = create.isPending || add.isPending || remove.isPending || deleteGroup.isPending;

  const answered = (answer: AkaResponse) => {
    if (answer.status !== '') notifyWarning(t('errors.warningStatus', { status: answer.status }));
    onChange({ ...filters, jumpTo: '', cast: castAfterAkaChange(filters.cast, answer) });
  };
  const failed = (error: Error) => {
    if (error instanceof ApiRequestError && error.status === 404) {
      notifyWarning(t('errors.warningStatus', { status: t('actorFilters.aka.actorMissing') }));
    } else {
      notifyDanger(t('errors.errorMessage', { message: error.message }));
    }
  };
  const handlers = { onSuccess: answered, onError: failed };

  return (
    <Input.Wrapper label={t('actorFilters.aka.label')} size="xs">
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6} mt={4}>
        <AkaButton
          action="create"
          icon={<IconUsersGroup size={14} />}
          disabled={!enabled.create || busy}
          onClick={() => create.mutate(actors, handlers)}
        />
        <AkaButton
          action="delete"
          icon={<IconTrash size={14} />}
          disabled={!enabled.remove || busy}
          onClick={() =>
            deleteGroup.mutate(group, {
              onSuccess: () => onChange({ ...filters, jumpTo: '', cast: [] }),
              onError: failed,
            })
          }
        />
        <AkaButton
          action="add"
          icon={<IconUserPlus size={14} />}
          disabled={!enabled.addOrRemoveMembers || busy}
          onClick={() => add.mutate({ group, actors }, handlers)}
        />
        <AkaButton
          action="remove"
          icon={<IconUserMinus size={14} />}
          disabled={!enabled.addOrRemoveMembers || busy}
          onClick={() => remove.mutate({ group, actors }, handlers)}
        />
      </SimpleGrid>
    </Input.Wrapper>
  );
}
