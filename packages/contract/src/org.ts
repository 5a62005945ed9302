import { z } from 'zod';
import { rowId } from './ids';
import { pageQuery, searchText } from './paging';

/** Organisation codes: letters, digits, `-` and `_` (they appear in exports and logs). */
export const ORG_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ORG_NAME_MAX = 64;
export const ORG_CODE_MAX = 32;
export const ORG_ORDER_MAX = 99_999;

/** An organisation of the tree (group → company → branch), as the organisation page shows it. */
export type OrgNode = {
  id: number;
  /** 0 for a root. */
  pid: number;
  name: string;
  code: string;
  orderNum: number;
  leader: string | null;
  phone: string | null;
  /** What still belongs directly to it (deleting is refused while any is non-zero). */
  stationCount: number;
  userCount: number;
  createTime: string;
  children: OrgNode[];
};

export const orgNode: z.ZodType<OrgNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      pid: z.number().int(),
      name: z.string(),
      code: z.string(),
      orderNum: z.number().int(),
      leader: z.string().nullable(),
      phone: z.string().nullable(),
      stationCount: z.number().int(),
      userCount: z.number().int(),
      createTime: z.string(),
      children: z.array(orgNode),
    }),
  )
  .meta({ id: 'OrgNode' });

/** The organisation tree for selects (users' department, stations' organisation, roles' data scope). */
export type OrgOption = { id: number; pid: number; name: string; code: string; children: OrgOption[] };

export const orgOption: z.ZodType<OrgOption> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      pid: z.number().int(),
      name: z.string(),
      code: z.string(),
      children: z.array(orgOption),
    }),
  )
  .meta({ id: 'OrgOption' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

const orgFields = {
  /** Parent organisation; 0 (or absent) for a root. */
  pid: z.union([z.literal(0), rowId]).default(0),
  name: z.string().trim().min(1).max(ORG_NAME_MAX),
  code: z.string().trim().min(1).max(ORG_CODE_MAX).regex(ORG_CODE_PATTERN),
  orderNum: z.number().int().min(0).max(ORG_ORDER_MAX).default(0),
  leader: optionalText(32),
  /** Contact phone of the organisation; when given it follows the phone rules of spec 5. */
  phone: optionalText(32),
};
export const orgBody = z.object(orgFields);
export type OrgBody = z.infer<typeof orgBody>;
export const orgUpdateBody = z.object({ id: rowId, ...orgFields });
export type OrgUpdateBody = z.infer<typeof orgUpdateBody>;
export const orgIdParams = z.object({ id: rowId });

/** A post (job position, 岗位) users hold. */
export const sysPost = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  orderNum: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** Users holding the post (deleting is refused while non-zero). */
  userCount: z.number().int(),
  createTime: z.string(),
});
export type SysPost = z.infer<typeof sysPost>;

export const POST_SORTABLE = ['code', 'name', 'orderNum', 'createTime'] as const;
export const postPageBody = pageQuery(POST_SORTABLE, {
  /** Part of the code or name. */
  keyword: searchText(),
  enabled: z.boolean().optional(),
});
export type PostPageBody = z.infer<typeof postPageBody>;

const postFields = {
  code: z.string().trim().min(1).max(ORG_CODE_MAX).regex(ORG_CODE_PATTERN),
  name: z.string().trim().min(1).max(ORG_NAME_MAX),
  orderNum: z.number().int().min(0).max(ORG_ORDER_MAX).default(0),
  enabled: z.boolean().default(true),
  remark: optionalText(500),
};
export const postBody = z.object(postFields);
export type PostBody = z.infer<typeof postBody>;
export const postUpdateBody = z.object({ id: rowId, ...postFields });
export type PostUpdateBody = z.infer<typeof postUpdateBody>;
export const postIdParams = z.object({ id: rowId });

/** A post for selects (the user form). */
export const postOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), enabled: z.boolean() });
export type PostOption = z.infer<typeof postOption>;
