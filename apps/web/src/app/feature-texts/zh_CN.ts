/** Every feature's and shared component's Chinese texts (their `locale/zh_CN.ts`), as one chunk. */
export const zh_CN: object = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<object>('/src/{features,components}/*/*locale/zh_CN.ts', { eager: true, import: 'zh_CN' }),
  ),
);
