import { Badge, ScrollArea, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePreview } from './ImagePreview';
import { ListEditor } from './ListEditor';
import type { SceneEditForm, SceneEditProblems } from './scene-edit-form';
import { SceneEditInformation } from './SceneEditInformation';

interface SceneEditTabsProps {
  form: SceneEditForm;
  problems: SceneEditProblems;
  onChange: (patch: Partial<SceneEditForm>) => void;
}

type TabName = 'information' | 'filenames' | 'covers' | 'gallery';

const preview = (url: string) => <ImagePreview url={url} />;

/** The four tabs of the scene edit dialog. */
export function SceneEditTabs({ form, problems, onChange }: SceneEditTabsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>('information');
  const count = (n: number) => (
    <Badge size="xs" variant="light" circle={n < 10}>
      {n}
    </Badge>
  );

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as TabName | null) ?? 'information')}
      keepMounted={false}
    >
      <Tabs.List mb="sm">
        <Tabs.Tab value="information">{t('sceneEdit.tabs.information')}</Tabs.Tab>
        <Tabs.Tab value="filenames" rightSection={count(form.filenames.length)}>
          {t('sceneEdit.tabs.filenames')}
        </Tabs.Tab>
        <Tabs.Tab value="covers" rightSection={count(form.covers.length)}>
          {t('sceneEdit.tabs.covers')}
        </Tabs.Tab>
        <Tabs.Tab value="gallery" rightSection={count(form.gallery.length)}>
          {t('sceneEdit.tabs.gallery')}
        </Tabs.Tab>
      </Tabs.List>
      {/* The panels scroll between the tab list and the dialog's buttons, which stay in view. */}
      <ScrollArea.Autosize mah="calc(100dvh - 15rem)" offsetScrollbars type="auto">
        <Tabs.Panel value="information">
          <SceneEditInformation form={form} problems={problems} onChange={onChange} />
        </Tabs.Panel>
        <Tabs.Panel value="filenames">
          <ListEditor
            items={form.filenames}
            onChange={(filenames) => onChange({ filenames })}
            label={t('sceneEdit.addFilename')}
            placeholder="Studio.Scene.Title.8K.mp4"
            emptyText={t('sceneEdit.noFilenames')}
            testId="scene-edit-filenames"
          />
        </Tabs.Panel>
        <Tabs.Panel value="covers">
          <ListEditor
            items={form.covers}
            onChange={(covers) => onChange({ covers })}
            label={t('sceneEdit.addCover')}
            placeholder="https://"
            emptyText={t('sceneEdit.noCovers')}
            reorder
            firstBadge={t('sceneEdit.coverBadge')}
            renderPreview={preview}
            testId="scene-edit-covers"
          />
        </Tabs.Panel>
        <Tabs.Panel value="gallery">
          <ListEditor
            items={form.gallery}
            onChange={(gallery) => onChange({ gallery })}
            label={t('sceneEdit.addGalleryImage')}
            placeholder="https://"
            emptyText={t('sceneEdit.noGallery')}
            reorder
            renderPreview={preview}
            testId="scene-edit-gallery"
          />
        </Tabs.Panel>
      </ScrollArea.Autosize>
    </Tabs>
  );
}
