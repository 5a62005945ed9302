import { DEVICE_WIDGETS_LOCALE } from '@/components/device-widgets/locale';
import { DEVICES_LOCALE } from '@/features/devices/locale';
import { CORE_LOCALE } from '@/lib/i18n';
import { combineLocales } from '@/lib/i18n/feature-locale';

/** Every text of the app: the shared ones and each feature's (add a feature's locale here). */
export const APP_LOCALES = combineLocales(CORE_LOCALE, DEVICE_WIDGETS_LOCALE, DEVICES_LOCALE);
