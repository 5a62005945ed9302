/** Every feature's and shared component's English texts (their `locale/en_US.ts`), as one chunk. */
export const en_US: object = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<object>('/src/{features,components}/*/*locale/en_US.ts', { eager: true, import: 'en_US' }),
  ),
);
