import type { IncomeExportBody, Lang } from '@ess/contract';
import type { Db } from '../../db/client';
import { businessWarning } from '../../lib/app-error';
import type { ExportSheet } from '../../lib/export-file';
import type { SessionUser } from '../../lib/types';
import type { IncomeService } from '../monitoring/income.service';
import { assertStationInScope } from '../station/station-scope.service';
import { incomeFileName, incomeSheets } from './income-sheets';

/** Files of the charge-discharge data and earnings screens, from the same numbers as `incomeData`. */
export class EnergyReportService {
  constructor(
    private readonly db: Db,
    private readonly income: IncomeService,
  ) {}

  /** The range's days by TOU period as sheets; a range without any counter reading has nothing to export. */
  async incomeExport(
    user: SessionUser,
    body: Omit<IncomeExportBody, 'format'>,
    lang: Lang,
  ): Promise<{ name: string; sheets: ExportSheet[] }> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const income = await this.income.incomeData(user, body);
    if (!income.days.some((d) => d.hasData)) throw businessWarning('exportNoData');
    return {
      name: incomeFileName(station.code, body.from, body.to),
      sheets: incomeSheets(income, station.name, lang),
    };
  }
}
