import { SEQUENCE_PERMS, type SequenceTemplate, sequenceApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlPassword } from '@/components/control-password';
import { useEndpointMutation } from '@/components/crud';
import { LiveStatus } from '@/components/live-status/live-status';
import { call } from '@/lib/api/client';
import { refetchEndpoints } from '@/lib/api/endpoint-query';
import { useCurrentStation } from '@/lib/station/current-station';
import { useSequenceFeed, useSequenceRun } from '../api/sequence-live';
import { RunHistory } from '../components/run-history';
import { RunProgress } from '../components/run-progress';
import { TemplateEditor } from '../components/template-editor';
import { TemplateList } from '../components/template-list';

/**
 * /strategic-management/sequential-control: templates of ordered steps (edited here), run on the
 * current station after the password dialog; the run's steps follow live and it stops at the
 * first failed step, naming it. Below, the station's runs.
 */
export function SequentialControlPage() {
  const { t } = useTranslation();
  const { stationId, station } = useCurrentStation();
  const qc = useQueryClient();
  const feed = useSequenceFeed(stationId);
  const password = useControlPassword();
  const [runId, setRunId] = useState<number | null>(null);
  const [editing, setEditing] = useState<SequenceTemplate | null | undefined>(undefined);
  const run = useSequenceRun(runId, feed);
  const cancel = useEndpointMutation(sequenceApi.sequenceRunCancel, {
    invalidate: [sequenceApi.runDetail, sequenceApi.runPage],
  });

  if (stationId === null) return <Empty description={t('sequence.noStation')} />;

  const start = async (template: SequenceTemplate) => {
    const answer = await password.confirm(
      (sealed, opts) => call(sequenceApi.run, { templateId: template.id, stationId, ...sealed }, opts),
      { description: t('sequence.runConfirm', { name: template.name, station: station?.name ?? '' }) },
    );
    if (!answer) return;
    setRunId(answer.id);
    void refetchEndpoints(qc, [sequenceApi.runPage]);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="sequence-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <TemplateList stationId={stationId} onRun={start} onEdit={setEditing} />
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={t('sequence.progress.title')}
            extra={<LiveStatus status={feed.status} />}
            data-testid="run-progress"
          >
            {run ? (
              <RunProgress
                run={run}
                runPerm={SEQUENCE_PERMS.run}
                onCancel={() => cancel.mutateAsync({ id: run.id }).catch(() => undefined)}
              />
            ) : (
              <Empty description={t('sequence.progress.none')} />
            )}
          </Card>
        </Col>
      </Row>
      <RunHistory stationId={stationId} onView={setRunId} />
      <TemplateEditor stationId={stationId} template={editing} onClose={() => setEditing(undefined)} />
      {password.modal}
    </Space>
  );
}
