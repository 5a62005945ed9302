import type { Db } from '../../../db/client';
import { refusal } from '../../../lib/app-error';
import type { StreamAnswer } from '../../../lib/endpoint-route';
import type { FileService } from '../../platform/files';
import { deviceOfToken } from './upgrade.repository';
import { tokenHash } from './wave-runner';

/**
 * A device's firmware download: the random token in its URL is the whole authorisation —
 * stored only as a hash, for one device's one upgrade, until the upgrade ends or the token
 * expires. HTTP Range lets a device that lost power resume where it stopped.
 */
export class FirmwareFetch {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  async open(token: string, range: string | undefined): Promise<StreamAnswer> {
    const found = await deviceOfToken(this.db, tokenHash(token), new Date());
    if (!found) throw refusal('upgradeFetchRefused', 403);
    return this.files.serve(found.fileId, range);
  }
}
