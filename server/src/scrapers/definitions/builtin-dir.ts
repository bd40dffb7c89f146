import { join } from 'node:path';
import { findProjectRoot } from '../../config/app-info';

/**
 * The folder of the built-in definitions (server/src/scrapers/builtin/), found from the project root so it is
 * the same under tsx and from the bundled server/dist/main.js.
 */
export function builtinDefinitionsDir(projectRoot: string = findProjectRoot()): string {
  return join(projectRoot, 'server', 'src', 'scrapers', 'builtin');
}
