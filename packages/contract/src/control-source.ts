import { type Names, names as n } from './i18n';

/**
 * Control precedence (docs/control-precedence.md): which source decides a storage unit's and the
 * station's power when several ask at once. The simulator's EMS decides by it and reports the
 * winner (`ctrlSource`, `ctrlSince` points of the EMS and of every storage unit); the platform
 * refuses or warns on a plan delivery by it. The code of a source is its rank: a higher code
 * overrides every lower one.
 */
export const CONTROL_SOURCES = ['none', 'tou', 'planCurve', 'setpoint', 'sequence', 'local', 'protection'] as const;
export type ControlSource = (typeof CONTROL_SOURCES)[number];

/** The point value of a source (= its rank). */
export const controlSourceCode = (s: ControlSource): number => CONTROL_SOURCES.indexOf(s);

/** The source of a reported point value; null for a value no source has. */
export const controlSourceOf = (code: number | null | undefined): ControlSource | null =>
  code === null || code === undefined ? null : (CONTROL_SOURCES[code] ?? null);

/** True when `a` overrides `b`. */
export const overrides = (a: ControlSource, b: ControlSource): boolean => controlSourceCode(a) > controlSourceCode(b);

/**
 * What an accepted plan curve does to each source in control: `releases` — the plan clears it
 * and takes control (the operator is told before, device by device); `refuses` — the EMS refuses
 * the plan and says why; `keeps` — the source stays on that unit alone (a tripped battery), the
 * others follow the plan.
 */
export const PLAN_ACCEPTANCE: Record<ControlSource, 'takes' | 'releases' | 'refuses' | 'keeps'> = {
  none: 'takes',
  tou: 'takes',
  planCurve: 'takes',
  setpoint: 'releases',
  sequence: 'refuses',
  local: 'refuses',
  protection: 'keeps',
};

/** Point codes of the control source and the instant it took control (epoch seconds). */
export const CONTROL_SOURCE_POINT = 'ctrlSource';
export const CONTROL_SINCE_POINT = 'ctrlSince';

/** The source's name in four languages: the `ctrlSource` point's states. */
export const CONTROL_SOURCE_NAMES: Record<string, Names> = {
  '0': n('无（待机）', 'None (idle)', 'Ninguna (en espera)', 'なし（待機）'),
  '1': n('分时策略', 'TOU strategy', 'Estrategia horaria', '時間帯戦略'),
  '2': n('计划曲线', 'Plan curve', 'Curva de plan', '計画曲線'),
  '3': n('远程功率设定', 'Remote power setpoint', 'Consigna remota de potencia', '遠隔出力設定'),
  '4': n('顺序控制', 'Sequence run', 'Secuencia en curso', 'シーケンス制御'),
  '5': n('就地控制（EMS停机）', 'Local control (EMS stopped)', 'Control local (EMS parado)', 'ローカル制御（EMS停止）'),
  '6': n('保护', 'Protection', 'Protección', '保護'),
};
