import { describe, expect, it } from 'vitest';
import { serverTextDuplicates } from '@/lib/i18n/server-text-duplicates';
import { APP_LOCALES } from './locales';

/**
 * Web texts still repeating a server message, until their features show the shared text (the
 * answer's `msg`, or the contract's message group before a call). The list only shrinks: a text
 * fixed here must leave it, and a new duplicate fails.
 */
const PENDING = new Set([
  'alarm.definition.rules.bitIndex',
  'alarm.definition.rules.holdNodata',
  'alarm.definition.rules.nodataSeconds',
  'alarm.definition.rules.target',
  'alarm.definition.rules.threshold2Order',
  'alarm.definition.rules.threshold2Required',
  'alarm.kind.offline',
  'dictAdmin.problems.descriptionRequired',
  'dictAdmin.problems.keyRequired',
  'dictAdmin.problems.labelRequired',
  'dictAdmin.problems.typeFormat',
  'dictAdmin.problems.valueRequired',
  'equipment.pointCodeDuplicate',
  'errors.noPagePermission',
  'history.range.order',
  'history.sets.saved',
  'menuAdmin.problems.buttonRoot',
  'menuAdmin.problems.codeFormat',
  'menuAdmin.problems.nameRequired',
  'menuAdmin.problems.permsFormat',
  'menuAdmin.problems.urlFormat',
  'messageCenter.form.endBeforeNow',
  'messageCenter.form.startAfterEnd',
  'messageCenter.saved',
  'messages.computeFailed',
  'messages.deliveryInProgress',
  'messages.endTimeBeforeNow',
  'messages.equipmentMissing',
  'messages.exportNoData',
  'messages.incorrectPassword',
  'messages.noDataToDistribute',
  'messages.noPagePermission',
  'messages.operationSucceeded',
  'messages.passwordLength',
  'messages.saveFirst',
  'password.length',
  'planCurve.codeRequired',
  'planCurve.issue.inProgress',
  'planCurve.issue.noData',
  'planCurve.issue.notSaved',
  'planCurve.issue.otherStation',
  'planCurve.nameRequired',
  'planCurve.problem.codeRequired',
  'planCurve.problem.nameRequired',
  'planCurve.problem.segmentOrder',
  'planCurve.problem.segmentsEmpty',
  'planCurve.problem.segmentsOverlap',
  'planCurve.problem.socOrder',
  'planCurve.problem.socRange',
  'planCurve.problem.valueRange',
  'pointConfig.saved',
  'rates.codeRequired',
  'rates.nameRequired',
  'rates.problem.priceRange',
  'rates.problem.segmentsEmpty',
  'rates.problem.segmentsGap',
  'rates.problem.segmentsOrder',
  'rates.problem.segmentsOverlap',
  'rates.problem.segmentsQuarter',
  'rates.problem.validityOrder',
  'roleAdmin.builtin',
  'roleAdmin.menusRequired',
  'roleAdmin.orgsRequired',
  'sequence.nameRequired',
  'sequence.problem.checkPointUnknown',
  'session.expired',
  'stationAdmin.logoFormat',
  'stationAdmin.logoTooLarge',
  'stationAdmin.problem.stationLatitudeRange',
  'stationAdmin.problem.stationLongitudeRange',
  'stationAdmin.problem.stationNumberRange',
  'stationAdmin.problem.stationTimezone',
  'stationConfig.problems.offsetRange',
  'stationConfig.problems.scaleZero',
  'strategy.budget.failed',
  'strategy.saveTemplate.codeRequired',
  'strategy.saveTemplate.nameRequired',
  'strategy.settings.invalid.required',
  'userAdmin.beyond',
  'validation.emailFormat',
  'validation.passwordLength',
  'validation.phoneEmpty',
  'validation.phoneFormat',
  'validation.phoneLength',
]);

describe('web texts and server messages', () => {
  const found = serverTextDuplicates(APP_LOCALES);

  it('no web text repeats a server message in the same language', () => {
    const fresh = found.filter((d) => !PENDING.has(d.path));
    expect(fresh.map((d) => `${d.lang} ${d.path} = server ${d.messageKey}: ${d.text}`)).toEqual([]);
  });

  it('every pending duplicate still is one (remove it from the list once fixed)', () => {
    const still = new Set(found.map((d) => d.path));
    expect([...PENDING].filter((p) => !still.has(p))).toEqual([]);
  });
});
