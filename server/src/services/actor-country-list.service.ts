import type { CountryList } from '@fovea/contract';
import { allCountries } from './actor-countries';
import type { FlagIcons } from './flag-icons.service';

/** GET /api/actor/countrylist: every country the actor edit form offers, by name, with its local flag. */
export class ActorCountryListService {
  private list: CountryList | null = null;

  constructor(private readonly flags: Pick<FlagIcons, 'url'>) {}

  countries(): CountryList {
    this.list ??= allCountries().map(({ code, name }) => ({ code, name, flag_url: this.flags.url(code) }));
    return this.list;
  }
}
