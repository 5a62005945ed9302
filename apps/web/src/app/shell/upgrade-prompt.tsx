import { VERSION_CHECK_MS } from '@ess/contract';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { versionStore } from '@/lib/storage';
import { checkVersion } from './version-check';

async function shippedVersion(): Promise<string | null> {
  try {
    const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return body && typeof body === 'object' && 'version' in body && typeof body.version === 'string'
      ? body.version
      : null;
  } catch {
    return null;
  }
}

/**
 * Spec 4: on opening and every 30 minutes compare the shipped version with the stored one
 * (default 4.3.4) and offer to update now (store it and reload) or later (asked again at the
 * next check); see `checkVersion` for a page that already runs the shipped build.
 */
export function UpgradePrompt() {
  const { t } = useTranslation();
  const [offered, setOffered] = useState<string | null>(null);
  useEffect(() => {
    const check = async () => {
      const shipped = await shippedVersion();
      if (!shipped) return;
      const outcome = checkVersion(shipped, versionStore.get(), __APP_VERSION__);
      if (outcome.kind === 'store') versionStore.set(outcome.version);
      else if (outcome.kind === 'offer') setOffered(outcome.version);
    };
    void check();
    const id = setInterval(() => void check(), VERSION_CHECK_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <Modal
      open={offered !== null}
      title={t('upgrade.title')}
      okText={t('upgrade.now')}
      cancelText={t('upgrade.later')}
      onOk={() => {
        if (offered) versionStore.set(offered);
        window.location.reload();
      }}
      onCancel={() => setOffered(null)}
    >
      {t('upgrade.content', { version: offered ?? '' })}
    </Modal>
  );
}
