import { Badge, Group, Loader, Title } from '@mantine/core';
import type { CardSize } from '@fovea/contract';
import { useTranslation } from 'react-i18next';
import { CardSizeControl } from '../../components/CardSizeControl';
import { ActorPager } from './ActorPager';

export interface ActorsHeaderProps {
  /** Matching actors; undefined until the first answer. */
  total: number | undefined;
  fetching: boolean;
  page: number;
  pages: number;
  cardSize: CardSize;
  onPage(page: number): void;
  onStep(step: 1 | -1): void;
  onCardSize(cardSize: CardSize): void;
}

/** Title with the total count, the pager and the card size (S/M/L). */
export function ActorsHeader(props: ActorsHeaderProps) {
  const { t } = useTranslation();
  const { total, cardSize } = props;
  return (
    <Group justify="space-between" align="center" gap="sm" mb="sm">
      <Group gap="sm" align="center" mih={30}>
        <Title order={1} fz="h3" id="actors-title">
          {t('actors.title')}
        </Title>
        {total !== undefined && (
          <Badge variant="light" color="gray" size="lg" radius="sm" data-testid="actors-total" tt="none">
            {t('actors.total', { count: total })}
          </Badge>
        )}
        {props.fetching && <Loader size={14} data-testid="actors-loading" />}
      </Group>
      <Group gap="sm" wrap="wrap" justify="flex-end">
        <ActorPager page={props.page} pages={props.pages} onPage={props.onPage} onStep={props.onStep} />
        <CardSizeControl screen="actors" value={cardSize} onChange={props.onCardSize} />
      </Group>
    </Group>
  );
}
