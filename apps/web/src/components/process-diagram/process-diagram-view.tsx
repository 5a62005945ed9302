import { ExpandOutlined } from '@ant-design/icons';
import { Alert, Button, Tooltip, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBpmnViewer } from './bpmn-viewer';
import { type DiagramViewer, type DrawOutcome, drawDiagram, markNodes, type NodeMarks } from './draw-diagram';
import type { ProcessDiagramProps } from './process-diagram';
import styles from './process-diagram.module.css';

// The module's hashed class names (the fallbacks only satisfy the index type).
const CLASSES = { active: styles.active ?? 'node-active', done: styles.done ?? 'node-done' };
const NONE: readonly string[] = [];

/** The diagram itself (its own chunk with bpmn-js): draws on a new XML, re-marks on new node ids. */
export function ProcessDiagramView({
  xml,
  activeNodeIds = NONE,
  doneNodeIds = NONE,
  height = 420,
}: ProcessDiagramProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The theme's tokens as the variables the stylesheet reads (the marks follow the theme colour).
  const vars = {
    '--diagram-active': token.colorPrimary,
    '--diagram-active-bg': token.colorPrimaryBg,
    '--diagram-done': token.colorSuccess,
    '--diagram-done-bg': token.colorSuccessBg,
    '--diagram-border': token.colorBorderSecondary,
    '--diagram-radius': `${token.borderRadius}px`,
    '--diagram-bg': token.colorBgContainer,
    '--diagram-text': token.colorTextSecondary,
  } as CSSProperties;
  const box = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<DiagramViewer | null>(null);
  const marked = useRef<NodeMarks>({ active: [], done: [] });
  const [outcome, setOutcome] = useState<DrawOutcome | null>(null);
  const marks: NodeMarks = { active: activeNodeIds, done: doneNodeIds };
  const marksRef = useRef(marks);
  marksRef.current = marks;

  // One viewer per XML: a new definition starts on a clean canvas.
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const { viewer, destroy } = createBpmnViewer(container);
    let live = true;
    setOutcome(null);
    const drawnWith = marksRef.current;
    drawDiagram(viewer, xml, drawnWith, CLASSES).then((o) => {
      if (!live) return;
      if (o.kind !== 'drawn') return setOutcome(o);
      viewerRef.current = viewer;
      // The order may have moved on while the diagram was drawn: mark where it stands now.
      const unknownIds = markNodes(viewer, drawnWith, marksRef.current, CLASSES);
      marked.current = marksRef.current;
      setOutcome({ kind: 'drawn', unknownIds });
    });
    // Fits again when the box changes size (a drawer that opens, a resized window).
    const resized = new ResizeObserver(() => viewerRef.current?.canvas().zoom('fit-viewport'));
    resized.observe(container);
    return () => {
      live = false;
      resized.disconnect();
      viewerRef.current = null;
      destroy();
    };
  }, [xml]);

  // The order moved on: the same diagram, other nodes marked.
  const key = `${activeNodeIds.join(',')}|${doneNodeIds.join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds the marked ids
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const unknownIds = markNodes(viewer, marked.current, marksRef.current, CLASSES);
    marked.current = marksRef.current;
    setOutcome({ kind: 'drawn', unknownIds });
  }, [key]);

  const problem = outcome && outcome.kind !== 'drawn' ? t(`processDiagram.${outcome.kind}`) : null;
  const unknown = outcome?.kind === 'drawn' && outcome.unknownIds.length > 0 ? outcome.unknownIds : null;
  return (
    <div data-testid="process-diagram" data-outcome={outcome?.kind ?? 'drawing'} style={vars}>
      <div className={styles.box} style={{ height }}>
        <div ref={box} className={styles.canvas} />
        {problem && (
          <div className={styles.notice}>
            <Alert type={outcome?.kind === 'unsupported' ? 'info' : 'warning'} showIcon title={problem} />
          </div>
        )}
      </div>
      <div className={styles.bar}>
        <span className={styles.legend}>
          <span>
            <span className={`${styles.swatch} ${styles.swatchActive}`} />
            {t('processDiagram.active')}
          </span>
          <span>
            <span className={`${styles.swatch} ${styles.swatchDone}`} />
            {t('processDiagram.done')}
          </span>
          {unknown && <span>{t('processDiagram.unknownNodes', { ids: unknown.join(', ') })}</span>}
        </span>
        <Tooltip title={t('processDiagram.fit')}>
          <Button
            size="small"
            icon={<ExpandOutlined />}
            aria-label={t('processDiagram.fit')}
            disabled={outcome?.kind !== 'drawn'}
            onClick={() => viewerRef.current?.canvas().zoom('fit-viewport')}
          />
        </Tooltip>
      </div>
    </div>
  );
}
