import type { DictTypeRow } from '@ess/contract';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { DictItemList } from '../components/dict-item-list';
import { DictTypeList } from '../components/dict-type-list';

/** System menu "dictionary" (/system/dictionary): the types, and the items of the chosen one. */
export function DictionaryPage() {
  const [type, setType] = useState<DictTypeRow | null>(null);
  return (
    <Row gutter={[12, 12]} data-testid="dictionary-page">
      <Col xs={24} xl={11}>
        <DictTypeList selected={type} onSelect={setType} />
      </Col>
      <Col xs={24} xl={13}>
        <DictItemList key={type?.id ?? 0} type={type} />
      </Col>
    </Row>
  );
}
