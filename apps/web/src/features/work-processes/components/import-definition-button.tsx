import { processArchiveMessages, workorderApi } from '@ess/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '@/components/file-upload';
import { Permission } from '@/components/permission';
import { refetchEndpoints } from '@/lib/api/endpoint-query';
import { notify } from '@/lib/api/notifier';
import { useServerText } from '@/lib/i18n/server-text';
import { DEFINITION_EXTENSIONS, DEFINITION_MAX_MB, definitionFileProblem } from '../api/definition-file';
import { DEFINITION_WRITE_INVALIDATES } from '../api/process-writes';

const TYPES = DEFINITION_EXTENSIONS.join(', ');

/**
 * Imports a definition file: its name and size are checked here before anything is sent (the
 * server checks the file again, and its content), then it is streamed as a multipart upload
 * with its progress shown.
 */
export function ImportDefinitionButton() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // The refusals are the server's own words: it checks the same name and size again.
  const text = useServerText();

  const check = (file: File): string | null => {
    const problem = definitionFileProblem(file);
    if (problem === 'extension') return text(processArchiveMessages.processFileType, { types: TYPES });
    if (problem === 'size') return text(processArchiveMessages.processTooLarge, { max: `${DEFINITION_MAX_MB} MB` });
    return null;
  };

  return (
    <Permission endpoint={workorderApi.workorderDefinitionImport}>
      <Tooltip title={t('workProcesses.definition.importHint', { types: TYPES, mb: DEFINITION_MAX_MB })}>
        <span>
          <UploadButton
            endpoint={workorderApi.workorderDefinitionImport}
            fields={{}}
            // The picker offers the usual suffixes; `.bpmn20.xml` is told from other XML by the check.
            accept=".bpmn,.xml,.bar,.zip"
            check={check}
            onUploaded={(done) => {
              notify.success(t('workProcesses.definition.imported', { key: done.key, version: done.version }));
              void refetchEndpoints(qc, DEFINITION_WRITE_INVALIDATES);
            }}
            testId="definition-import"
          >
            {t('workProcesses.definition.import')}
          </UploadButton>
        </span>
      </Tooltip>
    </Permission>
  );
}
