import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

export type Figure = { key: string; label: string; value: string; sub?: ReactNode; color?: string };

/** A row of headline figures (totals of a plan, revenue of a budget). */
export function Figures({ items }: { items: Figure[] }) {
  return (
    <Row gutter={[12, 12]}>
      {items.map((x) => (
        <Col key={x.key} xs={24} sm={12} lg={24 / Math.min(items.length, 4)}>
          <Card size="small" data-testid={`figure-${x.key}`}>
            <Statistic title={x.label} value={x.value} styles={x.color ? { content: { color: x.color } } : undefined} />
            {x.sub !== undefined && <div data-testid={`figure-${x.key}-sub`}>{x.sub}</div>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
