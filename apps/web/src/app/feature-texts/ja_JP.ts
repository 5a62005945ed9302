/** Every feature's and shared component's Japanese texts (their `locale/ja_JP.ts`), as one chunk. */
export const ja_JP: object = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<object>('/src/{features,components}/*/*locale/ja_JP.ts', { eager: true, import: 'ja_JP' }),
  ),
);
