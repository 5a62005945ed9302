/**
 * Writes docs/device-points.md from the contract's device catalogue, so the point tables that
 * device integrators read can never drift from what the platform validates.
 * Run: `npm run docs:points`. A test fails when the file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVICE_MODELS, type PointDef } from '@ess/contract';

const KIND = { telemetry: '遥测 telemetry', status: '遥信 status', control: '遥控 control', setpoint: '遥调 setpoint' };

const range = (p: PointDef) =>
  p.min === undefined && p.max === undefined ? '' : `${p.min ?? '−∞'} … ${p.max ?? '+∞'}`;
const states = (p: PointDef) =>
  p.states
    ? Object.entries(p.states)
        .map(([k, v]) => `${k} ${v.en_US}`)
        .join(', ')
    : '';
const notes = (p: PointDef) =>
  [p.counter ? 'counter (monotonic)' : '', p.fast ? 'every interval' : '', states(p)].filter(Boolean).join('; ');

export function devicePointsMarkdown(): string {
  const out = [
    '# Device models and points',
    '',
    'Generated from `packages/contract/src/device-catalog.ts` by `npm run docs:points`; do not edit by hand.',
    'A device publishes its telemetry and status points under these codes (see device-protocol.md);',
    'setpoints and controls are written by commands. Values outside the range are quarantined.',
    '',
  ];
  for (const m of DEVICE_MODELS) {
    out.push(`## ${m.code} — ${m.names.en_US} (${m.names.zh_CN})`, '');
    out.push(`Type \`${m.type}\`, manufacturer ${m.manufacturer}.`, '');
    out.push(
      '| code | name | unit | kind | precision | range | notes |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const p of m.points) {
      out.push(
        `| \`${p.code}\` | ${p.names.en_US} / ${p.names.zh_CN} | ${p.unit ?? ''} | ${KIND[p.kind]} | ${p.precision} | ${range(p)} | ${notes(p)} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

export const DEVICE_POINTS_DOC = path.resolve(import.meta.dirname, '../docs/device-points.md');

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(DEVICE_POINTS_DOC, devicePointsMarkdown());
  console.log(`wrote ${DEVICE_POINTS_DOC}`);
}
