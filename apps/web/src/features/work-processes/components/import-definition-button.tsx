import { UploadOutlined } from '@ant-design/icons';
import { processArchiveMessages, workorderApi } from '@ess/contract';
import { Button, Tooltip, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@/components/crud';
import { Permission } from '@/components/permission';
import { notify } from '@/lib/api/notifier';
import { fileBase64 } from '@/lib/file-base64';
import { useServerText } from '@/lib/i18n/server-text';
import { DEFINITION_EXTENSIONS, DEFINITION_MAX_MB, definitionFileProblem } from '../api/definition-file';
import { DEFINITION_WRITE_INVALIDATES } from '../api/process-writes';

const TYPES = DEFINITION_EXTENSIONS.join(', ');

/**
 * Imports a definition file: its name and size are checked here before anything is read or sent
 * (the server checks the file again, and its content), then it goes as base64 in one JSON body.
 */
export function ImportDefinitionButton() {
  const { t } = useTranslation();
  // The refusals are the server's own words: it checks the same name and size again.
  const text = useServerText();
  const importer = useEndpointMutation(workorderApi.workorderDefinitionImport, {
    invalidate: DEFINITION_WRITE_INVALIDATES,
  });

  const send = async (file: File) => {
    const problem = definitionFileProblem(file);
    if (problem === 'extension') return notify.error(text(processArchiveMessages.processFileType, { types: TYPES }));
    if (problem === 'size') {
      return notify.error(text(processArchiveMessages.processTooLarge, { max: `${DEFINITION_MAX_MB} MB` }));
    }
    // A refusal (invalid process, script task, archive limits) has been shown by the client.
    const done = await importer.mutateAsync({ fileName: file.name, file: await fileBase64(file) }).catch(() => null);
    if (done) notify.success(t('workProcesses.definition.imported', { key: done.key, version: done.version }));
  };

  return (
    <Permission endpoint={workorderApi.workorderDefinitionImport}>
      <Tooltip title={t('workProcesses.definition.importHint', { types: TYPES, mb: DEFINITION_MAX_MB })}>
        <Upload
          // The picker offers the usual suffixes; `.bpmn20.xml` is told from other XML by the check above.
          accept=".bpmn,.xml,.bar,.zip"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importer.isPending} data-testid="definition-import">
            {t('workProcesses.definition.import')}
          </Button>
        </Upload>
      </Tooltip>
    </Permission>
  );
}
