import { defineLocale } from '@/lib/i18n/feature-locale';

/** Texts of the post page (/system/post). */
export const POST_ADMIN_LOCALE = defineLocale({
  zh_CN: {
    postAdmin: {
      title: '岗位管理',
      code: '岗位编码',
      name: '岗位名称',
      keyword: '岗位编码或名称',
      orderNum: '排序',
      users: '用户数',
      addTitle: '新增岗位',
      editTitle: '修改岗位',
      codeRequired: '请输入岗位编码',
      nameRequired: '请输入岗位名称',
      codeFormat: '编码只能包含字母、数字、- 和 _',
      held: '有 {{count}} 个用户在用该岗位，不能删除',
    },
  },
  en_US: {
    postAdmin: {
      title: 'Posts',
      code: 'Code',
      name: 'Name',
      keyword: 'Code or name',
      orderNum: 'Order',
      users: 'Users',
      addTitle: 'Add post',
      editTitle: 'Edit post',
      codeRequired: 'Enter the post code',
      nameRequired: 'Enter the post name',
      codeFormat: 'Codes hold only letters, digits, - and _',
      held: '{{count}} user(s) hold this post; it cannot be deleted',
    },
  },
  es_ES: {
    postAdmin: {
      title: 'Puestos',
      code: 'Código',
      name: 'Nombre',
      keyword: 'Código o nombre',
      orderNum: 'Orden',
      users: 'Usuarios',
      addTitle: 'Añadir puesto',
      editTitle: 'Editar puesto',
      codeRequired: 'Introduzca el código del puesto',
      nameRequired: 'Introduzca el nombre del puesto',
      codeFormat: 'Los códigos solo admiten letras, dígitos, - y _',
      held: '{{count}} usuario(s) tienen este puesto; no se puede eliminar',
    },
  },
  ja_JP: {
    postAdmin: {
      title: '職位管理',
      code: '職位コード',
      name: '職位名',
      keyword: '職位コードまたは名称',
      orderNum: '並び順',
      users: 'ユーザー数',
      addTitle: '職位を追加',
      editTitle: '職位を編集',
      codeRequired: '職位コードを入力してください',
      nameRequired: '職位名を入力してください',
      codeFormat: 'コードには英数字、- と _ のみ使用できます',
      held: '{{count}} 人のユーザーがこの職位を使用しているため削除できません',
    },
  },
});
