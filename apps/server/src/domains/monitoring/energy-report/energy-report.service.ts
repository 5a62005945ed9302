import type { IncomeExportBody, IncomeResult, Lang } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { businessWarning } from '../../../lib/app-error';
import type { ExportSheet } from '../../../lib/export-file';
import type { SessionUser } from '../../../lib/types';
import type { IncomeService } from '../monitoring';
import { earningsFileName, earningsSheets } from './earnings-sheets';
import { incomeFileName, incomeSheets } from './income-sheets';

type Range = Omit<IncomeExportBody, 'format'>;
type ExportFile = { name: string; sheets: ExportSheet[] };

/** Files of the charge-discharge data and earnings screens, from the same numbers as `incomeData`. */
export class EnergyReportService {
  constructor(
    private readonly db: Db,
    private readonly income: IncomeService,
  ) {}

  /** The range's days by TOU period as sheets; a range without any counter reading has nothing to export. */
  incomeExport(user: SessionUser, body: Range, lang: Lang): Promise<ExportFile> {
    return this.file(user, body, lang, (station, income) => ({
      name: incomeFileName(station.code, body.from, body.to),
      sheets: incomeSheets(income, station.name, lang),
    }));
  }

  /** The range's revenue by day, month and TOU period as sheets; nothing to export without a reading. */
  earningsExport(user: SessionUser, body: Range, lang: Lang): Promise<ExportFile> {
    return this.file(user, body, lang, (station, income) => ({
      name: earningsFileName(station.code, body.from, body.to),
      sheets: earningsSheets(income, station.name, lang),
    }));
  }

  private async file(
    user: SessionUser,
    body: Range,
    lang: Lang,
    build: (station: { code: string; name: string }, income: IncomeResult) => ExportFile,
  ): Promise<ExportFile> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const income = await this.income.incomeData(user, body, lang);
    if (!income.days.some((d) => d.hasData)) throw businessWarning('exportNoData');
    return build(station, income);
  }
}
