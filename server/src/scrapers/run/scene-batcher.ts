import type { ScrapedScene } from '../scraped-scene';
import type { SceneStore } from './run-ports';

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

/** Where a written scene's outcome goes (the counters of the site run that produced it). */
export interface OutcomeSink {
  written(scene: ScrapedScene, outcome: WriteOutcome): void;
  failed(scene: ScrapedScene, reason: string): void;
}

interface Pending {
  scene: ScrapedScene;
  sink: OutcomeSink;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one writer of a scrape: scenes from every site run are queued here and written in batches, one
 * transaction each, one batch at a time. A producer waits while a full batch is written (backpressure), so
 * memory stays bounded however fast the sites answer. A batch that fails is written again scene by scene, so
 * one bad scene is rejected alone and the others still land.
 */
export class SceneBatcher {
  private pending: Pending[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: SceneStore,
    private readonly batchSize = 100,
  ) {}

  /** Queues a scene; resolves once the queue is below a batch again. */
  async add(scene: ScrapedScene, sink: OutcomeSink): Promise<void> {
    this.pending.push({ scene, sink });
    if (this.pending.length >= this.batchSize) await this.flush();
  }

  /** Writes everything queued so far; resolves when it is stored. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.writeQueued());
    return this.chain;
  }

  private async writeQueued(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.batchSize);
      await this.writeBatch(batch);
    }
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    try {
      const outcome = await this.store.writeBatch(batch.map((entry) => entry.scene));
      const byId = new Map<string, WriteOutcome>();
      for (const id of outcome.created) byId.set(id, 'created');
      for (const id of outcome.updated) byId.set(id, 'updated');
      for (const id of outcome.unchanged) byId.set(id, 'unchanged');
      for (const entry of batch)
        entry.sink.written(entry.scene, byId.get(entry.scene.sceneId) ?? 'unchanged');
    } catch (error) {
      if (batch.length === 1) {
        const [entry] = batch;
        entry?.sink.failed(entry.scene, errorText(error));
        return;
      }
      for (const entry of batch) await this.writeBatch([entry]);
    }
  }
}
