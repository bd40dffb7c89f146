import type { BundleEntry } from '@fovea/contract';

/**
 * What one record of a section stands for in a report's counts: the files, cuepoints, watch sessions or journal
 * entries of a per-scene (or per-actor) group, one for every other record. Export, dry run and restore count
 * alike, so their figures compare.
 */
export function recordItems(entry: BundleEntry): number {
  switch (entry.section) {
    case 'sceneFileLinks':
      return entry.record.files?.length ?? 0;
    case 'sceneCuepoints':
      return entry.record.cuepoints?.length ?? 0;
    case 'sceneHistory':
      return entry.record.history?.length ?? 0;
    case 'actions':
      return entry.record.actions?.length ?? 0;
    case 'actionActors':
      return entry.record.action_actors?.length ?? 0;
    default:
      return 1;
  }
}
