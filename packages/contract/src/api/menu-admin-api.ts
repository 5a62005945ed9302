import { z } from 'zod';
import { emptyBody } from '../envelope';
import { MENU_PERMS, menuAddBody, menuAdminNode, menuAdminRow, menuIdBody, menuUpdateBody } from '../menu-admin';
import { endpointGroup } from './endpoint';

const write = (perm: string) => ({ perms: [perm], mutates: true }) as const;

/** Menu management (/system/menu): the tree of menu and button rows and its edits. */
export const menuAdminApi = /*#__PURE__*/ endpointGroup('menu', {
  menuTree: {
    method: 'POST',
    path: '/sys/menu/tree',
    body: emptyBody,
    response: z.array(menuAdminNode),
    // Role management reads the same tree for its menu authorisation.
    access: { perms: [MENU_PERMS.query, 'sys:role:query'] },
    summary: 'Every menu and button row as a tree (orderNum, id), names in the request language and all four',
  },
  menuDetail: {
    method: 'POST',
    path: '/sys/menu/detail',
    body: menuIdBody,
    response: menuAdminRow,
    access: { perms: [MENU_PERMS.query] },
    summary: 'One menu or button row with every field',
  },
  menuAdd: {
    method: 'POST',
    path: '/sys/menu/add',
    body: menuAddBody,
    response: z.object({ id: z.number().int() }),
    access: write(MENU_PERMS.add),
    errors: [409],
    summary: 'Add a menu or button row under a menu (or a menu at the root); its code must be unused',
  },
  menuUpdate: {
    method: 'POST',
    path: '/sys/menu/update',
    body: menuUpdateBody,
    response: z.null(),
    access: write(MENU_PERMS.edit),
    errors: [409],
    summary: "Change a row (built-in ones too); users' menus follow at their next menu load",
  },
  menuDelete: {
    method: 'POST',
    path: '/sys/menu/delete',
    body: menuIdBody,
    response: z.null(),
    access: write(MENU_PERMS.delete),
    errors: [409],
    summary: 'Delete a row without children; its role grants go with it',
  },
});
