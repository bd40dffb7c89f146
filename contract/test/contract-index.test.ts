import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src';
import {
  ACTOR_ATTRIBUTES,
  ACTOR_PAGE_SIZES,
  BITRATE_BUCKETS,
  parseActorAttribute,
  parseSceneAttribute,
  RESOLUTION_BUCKETS,
  resolutionAttribute,
  resolutionK,
  SCENE_ATTRIBUTES,
  SCENE_PAGE_SIZE,
} from '../src';

const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(contract as Record<string, unknown>)) {
  if (value instanceof z.ZodType) schemas.push([name, value]);
}

describe('contract exports', () => {
  it('exports many schemas', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it.each(schemas)('%s converts to JSON Schema for requests and answers (OpenAPI)', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});

describe('attributes', () => {
  it('lists the fixed scene attributes once each, ratings in half steps', () => {
    expect(new Set(SCENE_ATTRIBUTES).size).toBe(SCENE_ATTRIBUTES.length);
    expect(SCENE_ATTRIBUTES).toContain('Rating .5');
    expect(SCENE_ATTRIBUTES).toContain('FOV: 220°');
    expect(new Set(ACTOR_ATTRIBUTES).size).toBe(ACTOR_ATTRIBUTES.length);
  });

  it('classifies fixed and dynamic attributes', () => {
    expect(parseSceneAttribute('Cast 6+')).toEqual({ kind: 'fixed', name: 'Cast 6+' });
    expect(parseSceneAttribute('Resolution 8K')).toEqual({ kind: 'resolution', k: 8 });
    expect(parseSceneAttribute('Frame Rate 60 fps')).toEqual({ kind: 'frameRate', fps: 60 });
    expect(parseSceneAttribute('Codec hevc')).toEqual({ kind: 'codec', codec: 'hevc' });
    expect(parseSceneAttribute("Rating 4'; DROP TABLE scenes")).toBeNull();
    expect(parseActorAttribute('Nationality Czechia')).toEqual({
      kind: 'field',
      field: 'nationality',
      value: 'Czechia',
    });
    expect(parseActorAttribute('Has Tattoo')).toEqual({ kind: 'fixed', name: 'Has Tattoo' });
    expect(parseActorAttribute('Cup Size ')).toBeNull();
  });

  it('computes the resolution class with one formula, doubled for top/bottom', () => {
    expect(resolutionAttribute(resolutionK(3840, '180_sbs'))).toBe('Resolution 4K');
    expect(resolutionK(8192, '180_sbs')).toBe(8);
    expect(resolutionK(3840, '360_tb')).toBe(8);
    expect(resolutionK(2600, '360_tb')).toBe(5);
  });
});

describe('constants', () => {
  it('holds the page sizes of the spec', () => {
    expect(SCENE_PAGE_SIZE).toBe(80);
    expect(ACTOR_PAGE_SIZES).toEqual({ '1': 18, '2': 10, '3': 8 });
  });

  it('has contiguous resolution and bitrate buckets', () => {
    expect(RESOLUTION_BUCKETS['4k'].min).toBe(RESOLUTION_BUCKETS.below4k.max + 1);
    expect(RESOLUTION_BUCKETS.above6k.min).toBe(RESOLUTION_BUCKETS['6k'].max + 1);
    expect(BITRATE_BUCKETS.medium.min).toBe(BITRATE_BUCKETS.low.max + 1);
    expect(BITRATE_BUCKETS.ultra.min).toBe(BITRATE_BUCKETS.high.max + 1);
  });
});
