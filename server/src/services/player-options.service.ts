import { SECRET_SET, splitDeovrOptions, type DeovrOptionsBody, type DeovrOptionsFlat } from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';
import { hashPlayerPassword } from '../players/player-auth';
import { hideDeovrSecrets } from './options-secrets';
import type { OptionsService } from './options.service';

/**
 * PUT /api/options/interface/deovr: the flat players group (deovr, heresphere, players; xbvr-wire §1.5).
 * A new non-empty password is hashed with bcrypt; "set" (the answers' stand-in), an empty password or the stored
 * hash sent back keep the stored hash. With authentication on, a username and a password are both required.
 * Answers never carry the hash (options-secrets.ts).
 */
export class PlayerOptionsService {
  constructor(private readonly options: OptionsService) {}

  current(): DeovrOptionsFlat {
    const { deovr, heresphere, players } = this.options.get().interfaces;
    return hideDeovrSecrets({ ...deovr, ...heresphere, ...players });
  }

  async save(body: DeovrOptionsBody): Promise<DeovrOptionsFlat> {
    const { deovr, heresphere, players } = splitDeovrOptions(body);
    const stored = this.options.get().interfaces.deovr;
    const { password: sentPassword, ...deovrValues } = deovr;
    const password =
      sentPassword === undefined ||
      sentPassword === '' ||
      sentPassword === SECRET_SET ||
      sentPassword === stored.password
        ? stored.password
        : await hashPlayerPassword(sentPassword);
    const next = { ...stored, ...deovrValues, password };
    if (next.auth_enabled && next.username.trim() === '') {
      throw new BadRequestError('a username is required when DeoVR/HereSphere authentication is on');
    }
    if (next.auth_enabled && next.password === '') {
      throw new BadRequestError('a password is required when DeoVR/HereSphere authentication is on');
    }
    const saved = await this.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        deovr: next,
        heresphere: { ...options.interfaces.heresphere, ...heresphere },
        players: { ...options.interfaces.players, ...players },
      },
    }));
    const { interfaces } = saved;
    return hideDeovrSecrets({ ...interfaces.deovr, ...interfaces.heresphere, ...interfaces.players });
  }
}
