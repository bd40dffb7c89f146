import { describe, expect, it } from 'vitest';
import {
  checkCuepointForm,
  cuepointName,
  EMPTY_CUEPOINT_FORM,
  formFromCuepoint,
  sortCuepoints,
  splitCuepointName,
} from '../../../src/features/scene-cuepoints/cuepoint-form';
import type { CuepointFormState } from '../../../src/features/scene-cuepoints/cuepoint-form';
import { formatClock, maskClock, parseClock } from '../../../src/features/scene-cuepoints/cuepoint-time';
import { cuepoint } from './scene-fixture';

const form = (patch: Partial<CuepointFormState>): CuepointFormState => ({
  ...EMPTY_CUEPOINT_FORM,
  position: 'standing',
  action: 'blowjob',
  ...patch,
});

describe('cuepoint time picker', () => {
  it('masks typing into a 24-hour HH:MM:SS clock with an optional tenth', () => {
    expect(maskClock('0')).toBe('0');
    expect(maskClock('012')).toBe('01:2');
    expect(maskClock('012345')).toBe('01:23:45');
    expect(maskClock('01:23:45')).toBe('01:23:45');
    expect(maskClock('1a2b3c4d5e6f7')).toBe('12:34:56');
    expect(maskClock('01:23:45.67')).toBe('01:23:45.6');
    expect(maskClock('01:23.4')).toBe('01:23');
    expect(maskClock('')).toBe('');
  });

  it('reads complete clocks up to 5 hours and refuses the rest', () => {
    expect(parseClock('')).toEqual({ kind: 'empty' });
    expect(parseClock('01:23')).toEqual({ kind: 'incomplete' });
    expect(parseClock('00:60:00')).toEqual({ kind: 'incomplete' });
    expect(parseClock('00:00:60')).toEqual({ kind: 'incomplete' });
    expect(parseClock('01:02:03')).toEqual({ kind: 'ok', seconds: 3723 });
    expect(parseClock('00:00:12.5')).toEqual({ kind: 'ok', seconds: 12.5 });
    expect(parseClock('05:00:00')).toEqual({ kind: 'ok', seconds: 18_000 });
    expect(parseClock('05:00:01')).toEqual({ kind: 'tooLong' });
    expect(parseClock('05:00:00.1')).toEqual({ kind: 'tooLong' });
    expect(parseClock('23:59:59')).toEqual({ kind: 'tooLong' });
  });

  it('formats seconds as a clock, keeping tenths', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3723)).toBe('01:02:03');
    expect(formatClock(12.34)).toBe('00:00:12.3');
    expect(formatClock(59.96)).toBe('00:01:00');
    expect(formatClock(18_000)).toBe('05:00:00');
  });
});

describe('cuepoint form rules (library-spec §5)', () => {
  it('joins position and action into the name, and splits it back', () => {
    expect(cuepointName('standing', 'blowjob')).toBe('standing-blowjob');
    expect(cuepointName(' standing ', '')).toBe('standing');
    expect(cuepointName('', 'cumshot')).toBe('cumshot');
    expect(splitCuepointName('standing-blowjob', ['standing'])).toEqual({
      position: 'standing',
      action: 'blowjob',
    });
    expect(splitCuepointName('sitting-rev-cowgirl', [])).toEqual({
      position: 'sitting',
      action: 'rev-cowgirl',
    });
    expect(splitCuepointName('kneeling', ['kneeling'])).toEqual({ position: 'kneeling', action: '' });
    expect(splitCuepointName('69', ['kneeling'])).toEqual({ position: '', action: '69' });
  });

  it('sends a simple cuepoint without track or end time', () => {
    expect(checkCuepointForm(form({ timeStart: '00:01:30', rating: 3.5 }))).toEqual({
      errors: {},
      body: { track: null, name: 'standing-blowjob', time_start: 90, time_end: null, rating: 3.5 },
    });
  });

  it("refuses an end time without a track: 'End Time is only valid for HSP Cuepoints'", () => {
    const check = checkCuepointForm(form({ timeEnd: '00:02:00' }));
    expect(check.errors.timeEnd).toBe('validation.endTimeOnlyHsp');
    expect(check.body).toBeNull();
    // 00:00:00 counts as no end time.
    expect(checkCuepointForm(form({ timeEnd: '00:00:00' })).body).not.toBeNull();
  });

  it("needs an end time with a track: 'Specify a End Time'", () => {
    const check = checkCuepointForm(form({ track: '0' }));
    expect(check.errors.timeEnd).toBe('validation.specifyEndTime');
    expect(check.body).toBeNull();
    expect(checkCuepointForm(form({ track: '2', timeEnd: '00:00:00' })).errors.timeEnd).toBe(
      'validation.specifyEndTime',
    );
    expect(checkCuepointForm(form({ track: '2', timeStart: '00:01:00', timeEnd: '00:02:00' })).body).toEqual({
      track: 2,
      name: 'standing-blowjob',
      time_start: 60,
      time_end: 120,
      rating: 0,
    });
  });

  it('refuses an end before the start, a bad track, unfinished or too long times and a missing name', () => {
    expect(
      checkCuepointForm(form({ track: '1', timeStart: '00:02:00', timeEnd: '00:01:00' })).errors,
    ).toEqual({
      timeEnd: 'sceneCuepoints.endBeforeStart',
    });
    expect(
      checkCuepointForm(form({ track: '1', timeStart: '00:02:00', timeEnd: '00:02:00' })).errors,
    ).toEqual({ timeEnd: 'sceneCuepoints.endBeforeStart' });
    expect(checkCuepointForm(form({ track: '1.5' })).errors.track).toBe('sceneCuepoints.trackFormat');
    expect(checkCuepointForm(form({ timeStart: '00:01' })).errors.timeStart).toBe(
      'sceneCuepoints.timeFormat',
    );
    expect(checkCuepointForm(form({ timeStart: '' })).errors.timeStart).toBe('sceneCuepoints.startRequired');
    expect(checkCuepointForm(form({ timeStart: '05:00:01' })).errors.timeStart).toBe(
      'sceneCuepoints.timeMax',
    );
    expect(checkCuepointForm(form({ timeStart: '05:00:00' })).body?.time_start).toBe(18_000);
    expect(
      checkCuepointForm(form({ track: '1', timeStart: '00:00:01', timeEnd: '05:00:01' })).errors.timeEnd,
    ).toBe('sceneCuepoints.timeMax');
    const nameless = checkCuepointForm(form({ position: '', action: ' ' }));
    expect(nameless.errors).toEqual({});
    expect(nameless.body).toBeNull();
  });

  it('loads a stored cuepoint into the form and sorts the table by time', () => {
    expect(
      formFromCuepoint(
        cuepoint({ id: 1, track: 1, name: 'sitting-cowgirl', time_start: 65, time_end: 90 }),
        [],
      ),
    ).toEqual({
      position: 'sitting',
      action: 'cowgirl',
      track: '1',
      timeStart: '00:01:05',
      timeEnd: '00:01:30',
      rating: 0,
    });
    const sorted = sortCuepoints([
      cuepoint({ id: 3, time_start: 30 }),
      cuepoint({ id: 1, time_start: 10, track: 2 }),
      cuepoint({ id: 2, time_start: 10 }),
    ]);
    expect(sorted.map((c) => c.id)).toEqual([2, 1, 3]);
  });
});
