import { isIP } from 'node:net';
import { DLNA_IMAGES, type DlnaOptionsBody, type DlnaOptionsResponse } from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';
import type { OptionsService } from './options.service';

/**
 * PUT /api/options/interface/dlna: saves enabled, name, image and the allowed addresses (recentIp and
 * availableImages are read-only and ignored), then waits until the DLNA server has been restarted or stopped
 * to match.
 */
export class DlnaOptionsService {
  constructor(
    private readonly options: OptionsService,
    private readonly server: { reconcile(): Promise<void> },
  ) {}

  async save(body: DlnaOptionsBody): Promise<DlnaOptionsResponse> {
    if (body.image !== undefined && !(DLNA_IMAGES as readonly string[]).includes(body.image)) {
      throw new BadRequestError(`image must be one of ${DLNA_IMAGES.join(', ')}; "${body.image}" is not`);
    }
    const allowedIp = body.allowedIp?.map((address) => address.trim());
    const invalid = allowedIp?.find((address) => isIP(address) === 0);
    if (invalid !== undefined) throw new BadRequestError(`"${invalid}" is not an IP address`);
    const saved = await this.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        dlna: {
          ...options.interfaces.dlna,
          ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
          ...(body.name === undefined ? {} : { serviceName: body.name }),
          ...(body.image === undefined ? {} : { serviceImage: body.image }),
          ...(allowedIp === undefined ? {} : { allowedIp }),
        },
      },
    }));
    await this.server.reconcile();
    const dlna = saved.interfaces.dlna;
    return {
      enabled: dlna.enabled,
      name: dlna.serviceName,
      image: dlna.serviceImage,
      allowedIp: dlna.allowedIp,
    };
  }
}
