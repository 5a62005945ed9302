// The server's messages, one module per area; the catalogue joins them for the server's lookup.
export { accessMessages } from './access-messages';
export { alarmMessages } from './alarm-messages';
export { archiveMessages } from './archive-messages';
export { type MessageKey, messageKeys, translate } from './catalogue';
export { configMessages } from './config-messages';
export { controlMessages } from './control-messages';
export { equipmentMessages } from './equipment-messages';
export { grantMessages } from './grant-messages';
export { logMessages } from './log-messages';
export { menuDictMessages } from './menu-dict-messages';
export { opsMessages } from './ops-messages';
export { orgMessages } from './org-messages';
export { planCurveMessages } from './plan-curve-messages';
export { rateMessages } from './rate-messages';
export { sequenceMessages } from './sequence-messages';
export { strategyMessages } from './strategy-messages';
