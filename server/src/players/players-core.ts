import type { PlayerAuth } from './player-auth';
import type { PlayerHosts } from './player-hosts';
import type { PlayerLibraryService } from './player-library.service';

/** What every player interface shares: the login check, the library sections and the last player host. */
export interface PlayersCore {
  auth: PlayerAuth;
  library: PlayerLibraryService;
  hosts: PlayerHosts;
}
