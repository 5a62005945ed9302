import type { Lang, TemplateAddBody, TemplateRow } from '@ess/contract';
import type { Db } from '../../../db/client';
import { notFound, refusal } from '../../../lib/app-error';
import { rowName } from '../../stations/device';
import { latestDefinition } from './definition.repository';
import {
  deleteUnusedTemplate,
  findTemplate,
  insertTemplate,
  pageTemplates,
  type TemplatePageQuery,
  type TemplateValues,
  updateTemplate,
} from './template.repository';

/** Order templates: which process an order type runs, its default executors, SLA and form fields. */
export class TemplateService {
  constructor(private readonly db: Db) {}

  async page(q: TemplatePageQuery, lang: Lang): Promise<{ rows: TemplateRow[]; total: number }> {
    const { rows, total } = await pageTemplates(this.db, q, lang);
    return {
      rows: rows.map((r) => ({
        ...r,
        orderType: r.orderType as TemplateRow['orderType'],
        formFields: r.formFields as TemplateRow['formFields'],
        updatedAt: r.updatedAt.getTime(),
      })),
      total,
    };
  }

  async add(b: TemplateAddBody): Promise<{ id: number }> {
    await this.definitionExists(b.definitionKey);
    return { id: await insertTemplate(this.db, values(b)) };
  }

  async update(b: TemplateAddBody & { id: number }, lang: Lang): Promise<null> {
    const row = await findTemplate(this.db, b.id);
    if (!row) throw notFound('workorderTemplateNotFound');
    await this.definitionExists(b.definitionKey);
    // The name sent back as shown changes nothing (the seeded translations stay).
    const keep = b.name === rowName(row, lang);
    await updateTemplate(this.db, b.id, { ...values(b), name: keep ? row.name : b.name }, keep);
    return null;
  }

  async remove(id: number): Promise<null> {
    const outcome = await deleteUnusedTemplate(this.db, id);
    if (outcome === 'missing') throw notFound('workorderTemplateNotFound');
    if (outcome === 'used') throw refusal('workorderTemplateInUse', 409);
    return null;
  }

  private async definitionExists(key: string): Promise<void> {
    if (!(await latestDefinition(this.db, key))) throw refusal('workorderDefinitionNotFound', 400);
  }
}

const values = (b: TemplateAddBody): TemplateValues => ({
  name: b.name,
  orderType: b.orderType,
  definitionKey: b.definitionKey,
  executorPostIds: b.executorPostIds,
  executorUserIds: b.executorUserIds,
  slaHours: b.slaHours,
  formFields: b.formFields,
  enabled: b.enabled,
});
