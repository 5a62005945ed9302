import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './screen-frame.module.css';

export const STAGE = { width: 1920, height: 1080 } as const;

/** The stage's scale and offset that fit it whole and centred into a window of this size. */
export function fitStage(width: number, height: number): { scale: number; left: number; top: number } {
  const scale = Math.min(width / STAGE.width, height / STAGE.height);
  return { scale, left: (width - STAGE.width * scale) / 2, top: (height - STAGE.height * scale) / 2 };
}

function useFit() {
  const [fit, setFit] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setFit(fitStage(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return fit;
}

/**
 * A large screen's frame: laid out once at 1920 × 1080 and scaled whole to the window, so text
 * never wraps differently or overlaps at another size (the usual way of wall screens); a header
 * with the title, what `left` and `right` hold, and full screen.
 */
export function ScreenFrame({
  title,
  left,
  right,
  children,
}: {
  title: string;
  left?: ReactNode;
  right?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fit = useFit();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined,
    );
  return (
    <div className={styles.viewport} data-testid="large-screen">
      <div
        className={styles.stage}
        style={{ transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` }}
        data-scale={fit.scale.toFixed(3)}
      >
        <header className={styles.header}>
          <div className={styles.left}>{left}</div>
          <h1 className={styles.title} data-testid="screen-title">
            {title}
          </h1>
          <div className={styles.right}>
            {right}
            {document.fullscreenEnabled && (
              <button type="button" className={styles.button} onClick={toggle}>
                {full ? t('largeScreen.exitFullscreen') : t('largeScreen.fullscreen')}
              </button>
            )}
          </div>
        </header>
        <main className={styles.body}>{children}</main>
      </div>
    </div>
  );
}
