import { ActionIcon, Avatar, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { CustomSite } from '@fovea/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCustomSite } from '../../../api/queries/custom-sites';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../../components/notify';

interface AdvancedCustomSitesListProps {
  sites: readonly CustomSite[];
  /** The names of the sites, by id, to show a main site by name. */
  siteNames: ReadonlyMap<string, string>;
  onEdit: (site: CustomSite) => void;
}

/** The owner's custom sites, each with Edit and Delete (after a confirmation; the scenes stay). */
export function AdvancedCustomSitesList({ sites, siteNames, onEdit }: AdvancedCustomSitesListProps) {
  const { t } = useTranslation();
  const remove = useDeleteCustomSite();
  const [deleting, setDeleting] = useState<CustomSite | null>(null);

  return (
    <Paper withBorder p="md" radius="md" data-testid="custom-site-list">
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {t('options.customSites.listTitle')}
        </Text>
        {sites.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('options.customSites.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('options.customSites.site')}</Table.Th>
                  <Table.Th>{t('options.customSites.url')}</Table.Th>
                  <Table.Th>{t('options.customSites.masterSite')}</Table.Th>
                  <Table.Th>{t('options.customSites.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sites.map((site) => (
                  <Table.Tr key={site.id} data-testid={`custom-site-${site.id}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Avatar src={site.avatar_url || null} size="sm" radius="sm" alt="" />
                        <Stack gap={0}>
                          <Text size="sm">{site.name}</Text>
                          <Text size="xs" c="dimmed">
                            {site.company === site.name ? site.id : `${site.id} · ${site.company}`}
                          </Text>
                        </Stack>
                        {!site.has_scraper && (
                          <Tooltip label={t('options.customSites.noScraperHint', { list: site.list })}>
                            <Badge color="orange" variant="light">
                              {t('options.customSites.noScraper')}
                            </Badge>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" style={{ wordBreak: 'break-all' }}>
                        {site.url}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {site.master_site_id === ''
                          ? '—'
                          : (siteNames.get(site.master_site_id) ?? site.master_site_id)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('options.customSites.edit', { name: site.name })}
                          onClick={() => onEdit(site)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('options.customSites.delete', { name: site.name })}
                          onClick={() => setDeleting(site)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('options.customSites.deleteTitle')}
        text={t('options.customSites.deleteText')}
        subject={deleting?.name}
        confirmLabel={t('options.customSites.deleteConfirm')}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          const { id, name } = deleting;
          remove.mutate(id, {
            onSuccess: () => {
              notifySuccess(t('options.customSites.deleted', { name }));
              setDeleting(null);
            },
            onError: (error) => notifyDanger(t('errors.errorMessage', { message: error.message })),
          });
        }}
      />
    </Paper>
  );
}
