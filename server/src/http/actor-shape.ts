import type { ActorShapeQuery } from '@fovea/contract';
import type { ActorShape } from '../services/actor-reader.service';

/** The answer shape a `with_scenes` query asks for (absent = the reference shape, with scenes). */
export const shapeOf = (query: ActorShapeQuery): ActorShape => ({ withScenes: query.with_scenes });
