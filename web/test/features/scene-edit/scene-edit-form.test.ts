import { describe, expect, it } from 'vitest';
import { moveItem } from '../../../src/features/scene-edit/ListEditor';
import {
  buildSceneEditBody,
  checkSceneEditForm,
  formFromScene,
  isFormDirty,
  uniqueNames,
} from '../../../src/features/scene-edit/scene-edit-form';
import { fullScene } from '../scene-cuepoints/scene-fixture';

describe('scene edit form', () => {
  it('reads the scene, showing cover_url as the cover when images hold none', () => {
    const form = formFromScene(fullScene());
    expect(form).toMatchObject({
      title: 'Sunny day',
      duration: '42',
      releaseDate: '2024-05-06',
      cast: ['Alice Example'],
      tags: ['outdoor'],
      filenames: ['Studio.Sunny.Day.8K.mp4'],
      covers: ['https://cdn.example/cover-a.jpg'],
      gallery: ['https://cdn.example/gallery-1.jpg'],
    });
    const custom = formFromScene(
      fullScene({ images: 'null', cover_url: 'http://localhost/x', filenames_arr: 'null' }),
    );
    expect(custom.covers).toEqual(['http://localhost/x']);
    expect(custom.gallery).toEqual([]);
    expect(custom.filenames).toEqual([]);
    expect(formFromScene(fullScene({ duration: 0 })).duration).toBe('');
  });

  it('keeps the first of names equal ignoring case, trimmed, without blanks', () => {
    expect(uniqueNames([' Alice ', 'alice', 'Bob', '', 'BOB', 'Carla'])).toEqual(['Alice', 'Bob', 'Carla']);
  });

  it('sends the duration as a string and the first cover as cover_url', () => {
    const scene = fullScene();
    const initial = formFromScene(scene);
    const noDuration = buildSceneEditBody(scene, { ...initial, duration: '' }, initial);
    expect(noDuration.duration).toBe('0');
    const noCovers = buildSceneEditBody(scene, { ...initial, covers: [] }, initial);
    expect(noCovers.cover_url).toBe('');
    expect(JSON.parse(String(noCovers.images))).toEqual([
      { url: 'https://cdn.example/gallery-1.jpg', type: 'gallery', orientation: '' },
    ]);
  });

  it('tells changed forms and the problems that keep Save off', () => {
    const initial = formFromScene(fullScene());
    expect(isFormDirty({ ...initial }, initial)).toBe(false);
    expect(isFormDirty({ ...initial, tags: ['outdoor', 'x'] }, initial)).toBe(true);
    expect(isFormDirty({ ...initial, isMultipart: true }, initial)).toBe(true);
    expect(checkSceneEditForm(initial)).toEqual({});
    expect(checkSceneEditForm({ ...initial, title: ' ', duration: '1.5', releaseDate: '2024-5-6' })).toEqual({
      title: 'sceneEdit.titleRequired',
      duration: 'sceneEdit.durationFormat',
      releaseDate: 'sceneEdit.releaseDateFormat',
    });
  });

  it('moves list entries up and down within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
