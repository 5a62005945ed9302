import { z } from 'zod';
import { emptyBody } from '../envelope';
import {
  orgBody,
  orgIdParams,
  orgNode,
  orgOption,
  orgUpdateBody,
  postBody,
  postIdParams,
  postOption,
  postPageBody,
  postUpdateBody,
  sysPost,
} from '../org';
import { pageOf } from '../paging';
import { endpointGroup } from './endpoint';

/** Permissions of the organisation and post pages (menu-tree.ts `sys('org')`, `sys('post')`). */
export const ORG_PERMS = {
  orgQuery: 'sys:org:query',
  orgAdd: 'sys:org:add',
  orgEdit: 'sys:org:edit',
  orgDelete: 'sys:org:delete',
  postQuery: 'sys:post:query',
  postAdd: 'sys:post:add',
  postEdit: 'sys:post:edit',
  postDelete: 'sys:post:delete',
} as const;

const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** Organisations (a tree) and posts: /system/org and /system/post. */
export const orgApi = /*#__PURE__*/ endpointGroup('org', {
  orgTree: {
    method: 'POST',
    path: '/sys/org/orgTree',
    body: emptyBody,
    response: z.array(orgOption),
    // The selects of other pages: users' department, stations' organisation, roles' data scope.
    access: { perms: [ORG_PERMS.orgQuery, 'sys:user:query', 'sys:role:query', 'sys:department:query'] },
    summary: "The organisation tree for selects (the caller's organisations), by order then name",
  },
  orgList: {
    method: 'POST',
    path: '/sys/org/tree',
    body: emptyBody,
    response: z.array(orgNode),
    access: { perms: [ORG_PERMS.orgQuery] },
    summary: 'The organisation tree with leader, phone and what belongs to each organisation',
  },
  orgAdd: {
    method: 'POST',
    path: '/sys/org/add',
    body: orgBody,
    response: z.object({ id: z.number().int() }),
    access: write(ORG_PERMS.orgAdd),
    errors: [409],
    summary: 'Add an organisation under a parent (code unique)',
  },
  orgUpdate: {
    method: 'PUT',
    path: '/sys/org/update',
    body: orgUpdateBody,
    response: z.null(),
    access: write(ORG_PERMS.orgEdit),
    errors: [409],
    summary: 'Change an organisation; moving it under itself or one of its descendants is refused',
  },
  orgDelete: {
    method: 'DELETE',
    path: '/sys/org/:id',
    params: orgIdParams,
    response: z.null(),
    access: write(ORG_PERMS.orgDelete),
    errors: [409],
    summary: 'Delete an organisation that holds no organisations, stations or users',
  },
  postPage: {
    method: 'POST',
    path: '/sys/post/page',
    body: postPageBody,
    response: pageOf(sysPost),
    access: { perms: [ORG_PERMS.postQuery] },
    summary: 'A page of posts, filtered by code or name and enablement',
  },
  postOptions: {
    method: 'POST',
    path: '/sys/post/options',
    body: emptyBody,
    response: z.array(postOption),
    access: { perms: [ORG_PERMS.postQuery, 'sys:user:query'] },
    summary: 'Every post for selects (the user form), by order',
  },
  postAdd: {
    method: 'POST',
    path: '/sys/post/add',
    body: postBody,
    response: z.object({ id: z.number().int() }),
    access: write(ORG_PERMS.postAdd),
    errors: [409],
    summary: 'Add a post (code unique)',
  },
  postUpdate: {
    method: 'PUT',
    path: '/sys/post/update',
    body: postUpdateBody,
    response: z.null(),
    access: write(ORG_PERMS.postEdit),
    errors: [409],
    summary: 'Change a post',
  },
  postDelete: {
    method: 'DELETE',
    path: '/sys/post/:id',
    params: postIdParams,
    response: z.null(),
    access: write(ORG_PERMS.postDelete),
    errors: [409],
    summary: 'Delete a post no user holds',
  },
});
